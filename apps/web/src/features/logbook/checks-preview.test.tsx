import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderAt } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { testUser } from '../../test/users';
import { LogbookTab } from './logbook-tab';
import { checksFixture, reportFixture, sectionFixture } from './report.fixture';

const BASE = '/api/v1/customers/Gemeente%20Utrecht/locations/Stadhuis%20%2F%20West';

function stubApi(report: unknown) {
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `${BASE}/logbook`) return jsonResponse(200, report);
    if (url.pathname === '/api/v1/users/current') return jsonResponse(200, testUser(['dashboard']));
    if (url.pathname === `${BASE}/logbook/issued` || url.pathname === `${BASE}/disinfections`) return jsonResponse(200, []);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the checks section of the logbook preview', { timeout: 30_000 }, () => {
  it('folds the plan per outlet and check and every check recorded: planned, done, not possible with the reason, overdue dates, the reading against the limit, drift and the handling', async () => {
    stubApi(reportFixture({ locations: [sectionFixture({ checks: checksFixture() })] }));
    renderAt(<LogbookTab customer="Gemeente Utrecht" location="Stadhuis / West" />);
    await screen.findByRole('table', { name: 'Samenvatting' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Controles aan tappunten: gepland, gedaan en te laat (2)' }));
    const plan = await screen.findByRole('table', { name: 'Controles aan tappunten: gepland, gedaan en te laat' });
    expect(rowsOf(plan)).toEqual([
      ['Douche 12', 'Maandelijkse temperatuurmeting (sentinel-tappunt)', '1', '1', '0', '—', '14-11-2026', 'Gepland'],
      ['Wastafel 3', 'Maandelijkse temperatuurmeting (sentinel-tappunt)', '1', '0', '1', '20-10-2026', '20-10-2026', 'Te laat'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Controles aan tappunten: vastgelegd (2)' }));
    const records = rowsOf(await screen.findByRole('table', { name: 'Controles aan tappunten: vastgelegd' }));
    expect(records[0]).toEqual(
      expect.arrayContaining(['Douche 12', '14-10-2026 09:00', '52,0\u00A0°C / 60 s · Buiten de norm · verschil met de node > 1,5 °C', 'Opgelost: monteur@example.com, 15-10-2026 10:00 · Boiler op 65 °C gezet']),
    );
    expect(records[1]).toEqual(expect.arrayContaining(['Wastafel 3', 'Niet mogelijk: Kraan defect', '—']));
  });

  it('shows no checks parts for a report without the section (older reports, locations without outlets)', async () => {
    stubApi(reportFixture());
    renderAt(<LogbookTab customer="Gemeente Utrecht" location="Stadhuis / West" />);
    await screen.findByRole('table', { name: 'Samenvatting' });
    expect(screen.queryByRole('button', { name: /^Controles aan tappunten/ })).toBeNull();
  });
});
