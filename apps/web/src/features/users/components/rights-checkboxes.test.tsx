import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import '../../../lib/i18n/texts/users';
import { i18n } from '../../../lib/i18n/i18n';
import { renderAt } from '../../../test/render';
import { RightsCheckboxes } from './rights-checkboxes';

describe('the rights of the user form', () => {
  it.each([
    ['nl', '‘Node bewerken’ of ‘Kalibratie’ voor alle soorten behalve waterdetecties, ‘Waterdetectie’ voor waterdetecties'],
    ['en', '‘Edit node’ or ‘Calibration’ for every kind but water detections, ‘Water detection’ for water detections'],
  ])('say which rights let a user handle which alarm kinds (%s), from the catalogue', async (language, expected) => {
    await i18n.changeLanguage(language);
    renderAt(<RightsCheckboxes rights={{ dashboard: true }} customers={[]} onToggle={() => undefined} />);
    const group = screen.getAllByRole('group', { name: language === 'nl' ? 'Rechten' : 'Rights' }).find((element) => element.hasAttribute('aria-describedby'));
    const hint = document.getElementById(group?.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain(expected);
    await i18n.changeLanguage('nl');
  });
});
