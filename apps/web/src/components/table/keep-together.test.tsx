import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { keepTogether } from './keep-together';

/** The pieces kept on one line, and the whole text (unchanged). */
function pieces(text: string) {
  const { container } = render(<p>{keepTogether(text)}</p>);
  return { kept: Array.from(container.querySelectorAll('span')).map((span) => span.textContent), text: container.textContent };
}

describe('keepTogether: dates and figures with units stay on one line, the text unchanged', () => {
  it.each([
    ['14-10-2026 14:01 – 14-10-2026 17:01 (3\u00A0uur)', ['14-10-2026 14:01', '14-10-2026 17:01']],
    ['14 Oct 2026 14:01 – ongoing', ['14 Oct 2026 14:01']],
    ['Laatst 28-11-2026', ['28-11-2026']],
    ['Uren 25–50 °C', ['25–50 °C']],
    ['Warm water ten minste 60,0\u00A0°C', ['60,0\u00A0°C']],
    ['44,0 / 62,4 / 63,3\u00A0°C', ['63,3\u00A0°C']],
    ['Dekking 98,8 %', ['98,8 %']],
    ['3,08 V, (3,60 V)', ['3,08 V', '(3,60 V']],
  ])('%s', (text, kept) => {
    expect(pieces(text)).toEqual({ kept, text });
  });

  it.each([['Scheidsrechters douche'], ['Voldoet'], ['31 / 0'], ['Vanaf 12 uur'], ['LB-2026-000012']])('%s has nothing to keep together', (text) => {
    expect(keepTogether(text)).toBe(text);
  });

  it('leaves anything but a string as it is', () => {
    const node = <strong>Ja</strong>;
    expect(keepTogether(node)).toBe(node);
    expect(keepTogether(12)).toBe(12);
  });
});
