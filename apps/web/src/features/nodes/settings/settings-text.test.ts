import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import '../../../lib/i18n/texts/node-settings';
import '../../../lib/i18n/texts/nodes';
import '../../../lib/i18n/texts/nodes-detail';
import { shownText } from './settings-text';

/** Plurals through i18next's plural support: "1 spoeling", "1 node". */
describe('settings texts in the singular and the plural', () => {
  const period = (flushCycles: number) => ({ kind: 'period' as const, start: 360, stop: 390, flushCycles });
  it.each([
    ['nl', 1, '06:00 tot 06:30 · 1 spoeling'],
    ['nl', 2, '06:00 tot 06:30 · 2 spoelingen'],
    ['nl', 0, '06:00 tot 06:30 · 0 spoelingen'],
    ['en', 1, '06:00 to 06:30 · 1 flush'],
    ['en', 3, '06:00 to 06:30 · 3 flushes'],
  ])('%s, %d flushes', async (language, count, text) => {
    await i18n.changeLanguage(language);
    expect(shownText(i18n.t, language, period(count))).toBe(text);
  });

  it.each([
    ['nl', 1, 'Instellingen gekopieerd naar 1 node'],
    ['nl', 2, 'Instellingen gekopieerd naar 2 nodes'],
    ['en', 1, 'Settings copied to 1 node'],
  ])('%s, copied to %d', async (language, count, text) => {
    await i18n.changeLanguage(language);
    expect(i18n.t('snackbar.settingsDuplicate', { count })).toBe(text);
  });

  it('one word for a channel\'s attachments on the form and the details', async () => {
    await i18n.changeLanguage('nl');
    expect(i18n.t('nodes.edit.attachments')).toBe(i18n.t('nodeDetail.details.attachments'));
  });
});
