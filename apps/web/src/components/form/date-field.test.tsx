import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../lib/i18n/i18n';
import { DateField } from './date-field';

/** A date field whose value lives in a parent, as on the screens; the last value given is shown. */
function Harness({ initial = '', onChange = () => undefined }: { initial?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nextProvider i18n={i18n}>
      <DateField
        label="Van"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        max="2026-12-31"
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2026-03-01')}>
        Vorige maand
      </button>
    </I18nextProvider>
  );
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Van/ });

afterEach(() => vi.restoreAllMocks());

describe('DateField: a date in the portal language, not the browser’s', () => {
  it('shows the day as dd-mm-jjjj in Dutch and dd/mm/yyyy in English, whatever the browser speaks', async () => {
    render(<Harness initial="2026-11-28" />);
    expect(field().value).toBe('28-11-2026');
    expect(field().placeholder).toBe('dd-mm-jjjj');
    await act(() => i18n.changeLanguage('en'));
    expect(field().value).toBe('28/11/2026');
    expect(field().placeholder).toBe('dd/mm/yyyy');
    await act(() => i18n.changeLanguage('fr'));
    expect(field().value).toBe('28/11/2026');
  });

  it('reads a typed day as YYYY-MM-DD and writes it out in full when the field is left', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    render(<Harness onChange={(value) => changes.push(value)} />);
    await user.type(field(), '1-2-2026');
    expect(changes.at(-1)).toBe('2026-02-01');
    expect(screen.getByTestId('value').textContent).toBe('2026-02-01');
    await user.tab();
    expect(field().value).toBe('01-02-2026');
  });

  it('gives no value while the text is no date, and says how to write one once the field is left', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-11-28" />);
    await user.clear(field());
    await user.type(field(), '31-02-2026');
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(field().value).toBe('31-02-2026');
    expect(screen.queryByText('Geen geldige datum; schrijf dd-mm-jjjj')).toBeNull();
    await user.tab();
    expect(screen.getByText('Geen geldige datum; schrijf dd-mm-jjjj')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });

  it('takes a day set from outside (a shortcut)', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-11-28" />);
    await user.click(screen.getByRole('button', { name: 'Vorige maand' }));
    expect(field().value).toBe('01-03-2026');
  });

  it("opens the browser's calendar from its button; a day picked there fills the field", async () => {
    const user = userEvent.setup();
    const showPicker = vi.fn();
    Object.defineProperty(HTMLInputElement.prototype, 'showPicker', { value: showPicker, configurable: true });
    const { container } = render(<Harness initial="2026-11-28" />);
    await user.click(screen.getByRole('button', { name: 'Kalender openen (Van)' }));
    expect(showPicker).toHaveBeenCalledTimes(1);
    const calendar = container.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(calendar.getAttribute('aria-hidden')).toBe('true');
    expect(calendar.max).toBe('2026-12-31');
    fireEvent.change(calendar, { target: { value: '2026-12-24' } });
    expect(field().value).toBe('24-12-2026');
    expect(screen.getByTestId('value').textContent).toBe('2026-12-24');
    Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker');
  });
});
