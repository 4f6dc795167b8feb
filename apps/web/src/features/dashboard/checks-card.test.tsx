import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TDashboardChecks } from '@aquasmart/domain';
import '../../lib/i18n/texts/dashboard';
import { jsonResponse, renderAt } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { ChecksCard } from './checks-card';

function stubApi(answer: TDashboardChecks) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/dashboard/checks') return jsonResponse(200, answer);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
}
const row = (n: number, state: 'overdue' | 'due'): TDashboardChecks['rows'][number] => ({ outletId: n, customer: 'Gemeente Utrecht', location: 'Sporthal Zuid', outletName: `Douche ${n}`, check: 'showerheadDescaling', nextDue: `2026-11-${String(n).padStart(2, '0')}`, state });

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

/** The dashboard's checks card (docs/outlets.md, "Dashboard"). */
describe('the checks card', { timeout: 30_000 }, () => {
  it('no outlets at all: no register, never "all clear" nor zero counts', async () => {
    stubApi({ outlets: 0, checks: 0, overdue: 0, due: 0, rows: [] });
    renderAt(<ChecksCard />);
    expect(await screen.findByText('Geen tappuntenregister: er zijn geen controles gepland, dus hierover zijn geen gegevens.')).toBeTruthy();
    expect(document.querySelector('[data-count]')).toBeNull();
  });

  it('outlets with nothing due: says so with how many checks are planned', async () => {
    stubApi({ outlets: 3, checks: 4, overdue: 0, due: 0, rows: [] });
    renderAt(<ChecksCard />);
    expect(await screen.findByText('Geen controle te laat of binnenkort (4 controles gepland).')).toBeTruthy();
    expect(document.querySelector('[data-count="overdue"]')?.textContent).toBe('Te laat: 0');
  });

  it('the counts and the five soonest, each linking to its outlet, the rest counted; overdue in red', async () => {
    stubApi({ outlets: 9, checks: 12, overdue: 2, due: 5, rows: [row(1, 'overdue'), row(2, 'overdue'), row(3, 'due'), row(4, 'due'), row(5, 'due'), row(6, 'due'), row(7, 'due')] });
    renderAt(<ChecksCard />);
    expect((await screen.findByRole('link', { name: 'Douche 1' })).getAttribute('href')).toBe('/outlets/1');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getAllByRole('listitem')[0].textContent).toContain('Douche 1Douchekop ontkalken · Sporthal Zuid (Gemeente Utrecht)01-11-2026');
    expect(document.querySelector('[data-count="overdue"]')?.textContent).toBe('Te laat: 2');
    expect(document.querySelector('[data-count="due"]')?.textContent).toBe('Binnenkort: 5');
    expect(document.querySelector('h2')?.getAttribute('data-alarm')).toBe('true');
    expect(screen.getByText('en nog 2')).toBeTruthy();
  });
});
