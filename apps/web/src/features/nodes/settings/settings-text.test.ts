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
    ['nl', { kind: 'number', value: 6, unit: 'h', decimals: 0 }, '6 uur'],
    ['en', { kind: 'number', value: 6, unit: 'h', decimals: 0 }, '6 h'],
    ['nl', { kind: 'number', value: 3.1, unit: 'V', decimals: 3 }, '3,1 V'],
    ['nl', { kind: 'number', value: 55, unit: '°C', decimals: 1 }, '55,0 °C'],
    ['en', { kind: 'number', value: 10, unit: 'min', decimals: 0 }, '10 min'],
    ['nl', { kind: 'number', value: 2, decimals: 0 }, '2'],
    ['nl', { kind: 'onOff', on: false }, 'Uit'],
    ['en', { kind: 'onOff', on: false }, 'Off'],
  ] as const)('%s: %j reads %j', async (language, shown, text) => {
    await i18n.changeLanguage(language);
    expect(shownText(i18n.t, language, shown)).toBe(text);
  });

  it.each([
    ['nl', 'Aanvoer (ingang 1)'],
    ['en', 'Aanvoer (input 1)'],
  ])('%s: an input named after its channel', async (language, text) => {
    await i18n.changeLanguage(language);
    expect(i18n.t('nodeSettings.inputNamed', { name: 'Aanvoer', number: 1 })).toBe(text);
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
