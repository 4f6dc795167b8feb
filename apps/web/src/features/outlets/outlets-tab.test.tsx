import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDueChecks, TOutlet } from '@aquasmart/domain';
import '../../lib/i18n/texts/sampling-messages';
import '../../lib/i18n/texts/outlets';
import { jsonResponse, renderAt } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { testUser } from '../../test/users';
import { OutletsTab } from './outlets-tab';
import { PLANS } from './outlets.fixture';

const BASE = '/api/v1/customers/Gemeente%20Utrecht/locations/Sporthal%20Zuid';
const OUTLET: TOutlet = {
  id: 7,
  customer: 'Gemeente Utrecht',
  location: 'Sporthal Zuid',
  name: 'Douche 3',
  room: 'Kleedkamer heren',
  floor: '1',
  kind: 'shower',
  water: 'mixed',
  sentinel: 'furthest',
  littleUsed: false,
  eui: null,
  channelId: null,
  samplePointId: 4,
  flushedByNode: false,
  createdAt: '2026-01-10T10:00:00.000Z',
  checks: [
    { check: 'showerheadDescaling', lastDone: null, nextDue: '2026-04-10', state: 'overdue' },
    { check: 'sentinelTemperature', lastDone: '2026-11-01', nextDue: '2026-12-01', state: 'due' },
  ],
};
const DUE: TDueChecks = {
  customer: 'Gemeente Utrecht',
  location: 'Sporthal Zuid',
  today: '2026-11-29',
  counts: { overdue: 1, due: 1, planned: 1 },
  checks: [
    { outletId: 7, outletName: 'Douche 3', room: 'Kleedkamer heren', floor: '1', check: 'showerheadDescaling', lastDone: null, nextDue: '2026-04-10', state: 'overdue' },
    { outletId: 7, outletName: 'Douche 3', room: 'Kleedkamer heren', floor: '1', check: 'sentinelTemperature', lastDone: '2026-11-01', nextDue: '2026-12-01', state: 'due' },
    { outletId: 8, outletName: 'Wastafel 1', room: null, floor: null, check: 'sentinelTemperature', lastDone: null, nextDue: '2027-01-05', state: 'planned' },
  ],
};
const NONE_DUE: TDueChecks = { ...DUE, counts: { overdue: 0, due: 0, planned: 0 }, checks: [] };

function stubApi(rights: Parameters<typeof testUser>[0], { outlets = [OUTLET], due = DUE, deleteStatus = 204 }: { outlets?: TOutlet[]; due?: TDueChecks; deleteStatus?: number } = {}) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/users/current') return jsonResponse(200, testUser(rights));
    if (url.pathname === `${BASE}/outlets` && method === 'POST') return jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'x', key: 'errors.badRequest', fields: { name: 'validation.outletNameTaken' } });
    if (url.pathname === `${BASE}/outlets`) return jsonResponse(200, outlets);
    if (url.pathname === `${BASE}/due-checks`) return jsonResponse(200, due);
    if (url.pathname === `${BASE}/check-plans` && method === 'PATCH') return jsonResponse(200, PLANS);
    if (url.pathname === `${BASE}/check-plans`) return jsonResponse(200, PLANS);
    if (url.pathname === `${BASE}/sample-points`) return jsonResponse(200, [{ id: 4, name: 'Monsterpunt douche 3' }]);
    if (url.pathname === '/api/v1/outlets/7' && method === 'DELETE') {
      return deleteStatus === 204 ? new Response(null, { status: 204 }) : jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'x', key: 'errors.outletHasChecks' });
    }
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
}

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const renderTab = () => renderAt(<OutletsTab customer="Gemeente Utrecht" location="Sporthal Zuid" />);

describe('the outlets tab', { timeout: 30_000 }, () => {
  it('lists the outlet with its place, marks, sample point and checks, each with its date and state; the due list overdue first, planned ones on request', async () => {
    stubApi(['recordChecks']);
    const user = userEvent.setup();
    renderTab();
    const register = await screen.findByRole('table', { name: 'Tappuntenregister' });
    const row = within(register).getAllByRole('row')[1];
    expect(within(row).getByRole('link', { name: 'Douche 3' }).getAttribute('href')).toBe('/outlets/7');
    expect(row.textContent).toContain('Kleedkamer heren, verdieping\u00A01');
    expect(row.textContent).toContain('Douche, gemengd');
    expect(row.textContent).toContain('Sentinel, verst weg');
    expect(await within(row).findByText('monsterpunt Monsterpunt douche 3')).toBeTruthy();
    expect(row.textContent).toContain('Douchekop ontkalken:10-04-2026Te laat');
    expect(row.textContent).toContain('01-12-2026Binnenkort');

    const due = screen.getByRole('table', { name: 'Te doen' });
    expect(screen.getByText('Te laat: 1 · binnenkort: 1 · gepland: 1')).toBeTruthy();
    const dueRows = within(due).getAllByRole('row').slice(1);
    expect(dueRows.map((one) => one.textContent?.slice(0, 30))).toHaveLength(2);
    expect(dueRows[0].textContent).toContain('Te laat');
    expect(dueRows[0].textContent).toContain('nog nooit');
    await user.click(screen.getByRole('switch', { name: 'Ook geplande tonen' }));
    expect(within(due).getAllByRole('row').slice(1)).toHaveLength(3);
  });

  it('no outlets: the due list and the register say there is no register, never that all is clear', async () => {
    stubApi(['recordChecks'], { outlets: [], due: NONE_DUE });
    renderTab();
    expect(await screen.findByText('Geen tappuntenregister: er zijn geen controles gepland. Dat is iets anders dan "alles in orde".')).toBeTruthy();
    expect(screen.getByText(/^Nog geen tappuntenregister/)).toBeTruthy();
    expect(screen.queryByText(/Te laat: 0/)).toBeNull();
  });

  it.each<[string, Parameters<typeof testUser>[0], boolean]>([
    ['recordChecks: changes the register and the plans', ['recordChecks'], true],
    ['editLocation: the same', ['editLocation'], true],
    ['reading only: no buttons, no plans', ['dashboard'], false],
  ])('%s', async (_name, rights, write) => {
    stubApi(rights);
    renderTab();
    await screen.findByRole('table', { name: 'Tappuntenregister' });
    expect(screen.queryByRole('button', { name: 'Tappunt toevoegen' }) !== null).toBe(write);
    expect(screen.queryByRole('button', { name: 'Tappunten importeren (CSV)' }) !== null).toBe(write);
    expect(screen.queryByRole('button', { name: 'Tappunt Douche 3 wijzigen' }) !== null).toBe(write);
    expect(screen.queryByRole('button', { name: 'Tappunt Douche 3 verwijderen' }) !== null).toBe(write);
    if (write) expect(await screen.findByRole('table', { name: 'Controleplan' })).toBeTruthy();
    else expect(screen.queryByRole('heading', { name: 'Controleplan' })).toBeNull();
  });

  it("the check plan: the rulebook's figures, the borrowed ones said so, how many outlets", async () => {
    stubApi(['editLocation']);
    renderTab();
    const plans = await screen.findByRole('table', { name: 'Controleplan' });
    const [, sentinel, shower, flush] = within(plans).getAllByRole('row');
    expect(sentinel.textContent).toContain('Ontleend aan HSG274');
    expect(sentinel.textContent).toContain('1 maand');
    expect(shower.textContent).toContain('6 maanden (eigen termijn)3 maanden4');
    expect(flush.textContent).not.toContain('Ontleend');
    expect(flush.textContent).toContain('Uit7 dagen7 dagen0');
    expect(screen.getByText(/Ontleend aan HSG274: het regelboek NL noemt hiervoor geen termijn/)).toBeTruthy();
  });

  it("the server's refusal shows at its field; a delete refused for recorded checks says why", async () => {
    const fetch = stubApi(['recordChecks'], { deleteStatus: 409 });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Tappunt toevoegen' }));
    const dialog = screen.getByRole('dialog', { name: 'Tappunt toevoegen' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Naam/ }), 'Douche 3');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Er is al een tappunt met deze naam op deze locatie')).toBeTruthy();
    const [, init] = fetch.mock.calls.find(([input, options]) => String(input).endsWith('/outlets') && options?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Douche 3', kind: 'washbasinTap', water: 'hot', sentinel: 'none', littleUsed: false, eui: null, samplePointId: null });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));

    await user.click(screen.getByRole('button', { name: 'Tappunt Douche 3 verwijderen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Tappunt verwijderen' })).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Bij dit tappunt zijn controles vastgelegd; het blijft daarom bewaard')).toBeTruthy();
  });
});
