import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAlarmWithEvents } from '@aquasmart/domain';
import '../../lib/i18n/texts/alarms';
import { jsonResponse, renderAt } from '../../test/render';
import { testUser } from '../../test/users';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { AlarmDetailPage } from './alarm-detail-page';
import { alarmFixture, eventFixture } from './alarm.fixture';

const MARK = { id: 3, name: 'Mark de Monteur', email: 'monteur@example.com' };
/** The signed-in user: Mark (known by e-mail; his id comes from the assignee list). */
const ME = testUser(['editNode'], { email: 'Monteur@example.com', firstName: 'Mark', lastName: 'de Monteur' });

/** Answers GET /alarms/5, its assignees and the handling steps (each step answers the alarm as `after` makes it); records the posts. */
function stubApi(alarm: TAlarmWithEvents, after: (step: string, body: Record<string, unknown>) => TAlarmWithEvents = () => alarm) {
  const posts: { step: string; body: Record<string, unknown> }[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/alarms/5' && (init?.method ?? 'GET') === 'GET') return jsonResponse(200, alarm);
    if (url.pathname === '/api/v1/users/current') return jsonResponse(200, ME);
    if (url.pathname === '/api/v1/alarms/5/assignees') return jsonResponse(200, [MARK, { id: 4, name: 'Peter Planner', email: 'planner@example.com' }]);
    const step = /^\/api\/v1\/alarms\/5\/(\w+)$/.exec(url.pathname)?.[1];
    if (step && init?.method === 'POST') {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      posts.push({ step, body });
      return jsonResponse(200, after(step, body));
    }
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return posts;
}

const renderPage = () => renderAt(<AlarmDetailPage />, '/alarms/5', '/alarms/:id');

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the alarm page', { timeout: 30_000 }, () => {
  it('shows the alarm, its state and its timeline; acknowledging posts the step and shows the answer', async () => {
    const posts = stubApi(alarmFixture(), () =>
      alarmFixture({
        state: 'acknowledged',
        acknowledgedAt: '2026-11-26T09:00:00.000Z',
        acknowledgedBy: MARK,
        events: [eventFixture(), eventFixture({ id: 2, at: '2026-11-26T09:00:00.000Z', action: 'acknowledged', user: { id: 3, name: MARK.name, email: MARK.email } })],
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Spoelalarm' })).toBeTruthy();
    expect(screen.getByText('Douche kleedkamer 2 · Gemeente Utrecht / Sporthal Zuid')).toBeTruthy();
    expect(document.querySelector('[data-alarm-state="new"]')?.textContent).toBe('Nieuw');
    const timeline = screen.getByRole('list', { name: 'Tijdlijn' });
    expect(within(timeline).getByText('Alarm begonnen')).toBeTruthy();
    expect(within(timeline).getByText(/door het portaal/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(document.querySelector('[data-alarm-state="acknowledged"]')?.textContent).toBe('Bevestigd'));
    expect(posts).toEqual([{ step: 'acknowledge', body: {} }]);
    expect(within(timeline).getByText(/door Mark de Monteur/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bevestigen' })).toBeNull();
  });

  it('assigns to a user who may see the alarm', async () => {
    const posts = stubApi(alarmFixture({ state: 'acknowledged' }), () => alarmFixture({ state: 'assigned', assignee: { id: 3, name: MARK.name } }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Toewijzen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alarm toewijzen' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Toewijzen aan/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Mark de Monteur/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toewijzen' }));
    await waitFor(() => expect(posts).toEqual([{ step: 'assign', body: { assigneeId: 3 } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.querySelector('[data-alarm-state="assigned"]')).toBeTruthy();
  });

  it('"Aan mij toewijzen" assigns the alarm to the signed-in user in one tap, and is gone once they are the assignee', async () => {
    const posts = stubApi(alarmFixture({ state: 'assigned', assignee: { id: 4, name: 'Peter Planner' } }), () => alarmFixture({ state: 'assigned', assignee: { id: MARK.id, name: MARK.name } }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Aan mij toewijzen' }));
    await waitFor(() => expect(posts).toEqual([{ step: 'assign', body: { assigneeId: MARK.id } }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Aan mij toewijzen' })).toBeNull());
    expect(screen.getByText('Mark de Monteur', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toewijzen' })).toBeTruthy();
  });

  it('offers no "Aan mij toewijzen" to a user the server does not list as an assignee', async () => {
    stubApi(alarmFixture());
    vi.mocked(window.fetch).mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/v1/users/current') return jsonResponse(200, ME);
      if (url.pathname === '/api/v1/alarms/5/assignees') return jsonResponse(200, [{ id: 4, name: 'Peter Planner', email: 'planner@example.com' }]);
      return jsonResponse(200, alarmFixture());
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Bevestigen' })).toBeTruthy();
    await waitFor(() => expect(vi.mocked(window.fetch).mock.calls.some(([input]) => String(input).includes('/assignees'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Aan mij toewijzen' })).toBeNull();
  });

  it('resolves only with the corrective action; a resolved alarm whose condition holds says so', async () => {
    const posts = stubApi(alarmFixture({ state: 'assigned' }), (_step, body) =>
      alarmFixture({ state: 'resolved', resolvedAt: '2026-11-26T10:00:00.000Z', resolvedBy: MARK, resolution: String(body.note) }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Oplossen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alarm oplossen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oplossen' }));
    expect(within(dialog).getByText('Veld is verplicht')).toBeTruthy();
    expect(posts).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Genomen maatregel' }), 'Kraan vervangen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oplossen' }));
    await waitFor(() => expect(posts).toEqual([{ step: 'resolve', body: { note: 'Kraan vervangen' } }]));
    await waitFor(() => expect(document.querySelector('[data-alarm-state="resolvedStillPresent"]')?.textContent).toBe('Opgelost, toestand nog aanwezig'));
    expect(screen.getByText('Kraan vervangen')).toBeTruthy();
    // Resolved: only a comment is left.
    expect(screen.queryByRole('button', { name: 'Oplossen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Opmerking' })).toBeTruthy();
  });

  it('a user who may only see the alarm gets no handling steps, only a comment (issue 37: a customer\'s own user comments)', async () => {
    const posts = stubApi(alarmFixture({ mayHandle: false, state: 'resolved', closedAt: '2026-11-26T11:00:00.000Z' }));
    renderPage();
    expect(await screen.findByText('U mag dit alarm zien, maar niet afhandelen.')).toBeTruthy();
    const steps = screen.getByRole('group', { name: 'Afhandelen' });
    expect(within(steps).getAllByRole('button').map((button) => button.textContent)).toEqual(['Opmerking']);
    expect(document.querySelector('[data-alarm-state="resolved"]')?.textContent).toBe('Opgelost');
    await userEvent.click(within(steps).getByRole('button', { name: 'Opmerking' }));
    const dialog = await screen.findByRole('dialog', { name: /Opmerking/ });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Kraan is afgesloten');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(posts).toEqual([{ step: 'comment', body: { note: 'Kraan is afgesloten' } }]));
  });

  it('one line for the state and the measurement: value, limit, rule and since when', async () => {
    stubApi(
      alarmFixture({
        kind: 'temperature',
        channelId: 'temperature1',
        channelName: 'Warm water',
        state: 'resolved',
        resolvedAt: '2026-11-26T10:00:00.000Z',
        resolvedBy: MARK,
        resolution: 'Boiler hoger gezet',
        details: { value: 44.6, limit: 60, limitKind: 'atLeast', mode: 'WW', since: new Date(2026, 10, 26, 13, 7).toISOString() },
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Temperatuur buiten grens' })).toBeTruthy();
    const stateLine = document.querySelector('[data-state-line]');
    expect(stateLine?.textContent).toBe('Opgelost, toestand nog aanwezig');
    expect(screen.queryByText('Toestand voorbij', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('Nog aanwezig')).toBeNull();
    expect(document.querySelector('[data-measurement]')?.textContent).toMatch(/^Meting44,6\u00A0°C, grens ten minste 60,0\u00A0°C \(warm water\), buiten de grens sinds .*13:07$/);
  });

  it('an alarm closed because its node moved says so, in the state line and on the timeline', async () => {
    stubApi(
      alarmFixture({
        closedAt: '2026-11-26T11:00:00.000Z',
        events: [eventFixture(), eventFixture({ id: 2, at: '2026-11-26T11:00:00.000Z', action: 'closed', reason: 'nodeMoved' })],
      }),
    );
    renderPage();
    const timeline = await screen.findByRole('list', { name: 'Tijdlijn' });
    expect(within(timeline).getByText('Gesloten: node verplaatst naar een andere locatie')).toBeTruthy();
    expect(document.querySelector('[data-condition="closed"]')?.textContent).toMatch(/^Gesloten sinds .+: node verplaatst naar een andere locatie$/);
    expect(screen.getByText('Gesloten', { selector: 'dt' })).toBeTruthy();
    // Nobody recorded what was done: it is still to handle.
    expect(document.querySelector('[data-alarm-state="new"]')).toBeTruthy();
  });

  it.each([
    ['legionella', 'Legionella boven de norm'],
    ['samplingOverdue', 'Bemonstering te laat'],
  ] as const)('a %s alarm names its sample point ("Monsterpunt …", issue 41 "Words"), without a node', async (kind, heading) => {
    stubApi(alarmFixture({ kind, deviceEui: null, deviceName: null, details: { samplePointId: 4, pointName: 'Douche 1' } }));
    renderPage();
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByText('Monsterpunt Douche 1 · Gemeente Utrecht / Sporthal Zuid')).toBeTruthy();
    expect(screen.getByText('Monsterpunt', { selector: 'dt' })).toBeTruthy();
    expect(screen.queryByText('Node of gateway', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Tappunt openen' })).toBeNull();
  });

  it('a check alarm names its outlet ("Tappunt …") and links to it, without a node', async () => {
    stubApi(alarmFixture({ kind: 'checkOverdue', deviceEui: null, deviceName: null, details: { outletId: 12, outletName: 'Douche 3', checks: [{ check: 'showerheadDescaling', nextDue: '2026-03-01', lastDone: null }] } }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Controle te laat' })).toBeTruthy();
    expect(screen.getByText('Tappunt Douche 3 · Gemeente Utrecht / Sporthal Zuid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tappunt openen' }).getAttribute('href')).toBe('/outlets/12');
    expect(screen.queryByRole('link', { name: 'Node openen' })).toBeNull();
    expect(document.querySelector('[data-measurement]')?.textContent).toContain('Douchekop ontkalken (uiterlijk 01-03-2026, laatst nog nooit)');
  });
});
