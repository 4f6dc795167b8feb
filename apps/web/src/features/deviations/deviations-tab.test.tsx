import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDeviation } from '@aquasmart/domain';
import '../../lib/i18n/texts/logbook';
import { jsonResponse, renderAt } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { testUser } from '../../test/users';
import { actionBody, instantOf } from './components/action-dialog';
import { DeviationsTab } from './deviations-tab';

const BASE = '/api/v1/customers/Gemeente%20Utrecht/locations/Stadhuis%20%2F%20West/deviations';
const deviation = (overrides: Partial<TDeviation>): TDeviation => ({
  id: 1,
  kind: 'excursion',
  alarmKind: null,
  customer: 'Gemeente Utrecht',
  location: 'Stadhuis / West',
  eui: 'A84041000181C5D1',
  nodeName: 'Douche 2.14',
  channelId: 'temperature1',
  from: '2026-10-08T10:00:00.000Z',
  to: '2026-10-08T12:00:00.000Z',
  alarmId: null,
  state: 'open',
  handling: null,
  actions: [],
  ...overrides,
});
const HANDLED = deviation({
  id: 2,
  kind: 'alarm',
  alarmKind: 'waterDetection',
  channelId: null,
  state: 'handled',
  handling: { source: 'alarm', cause: null, action: 'Lekkende koppeling vervangen', at: '2026-10-06T08:00:00.000Z', by: 'monteur@example.com', alarmId: 4 },
});

function stubApi({ rights = ['dashboard', 'recordDeviationAction'] as Parameters<typeof testUser>[0], answer = (): Response | null => null } = {}) {
  const posted: { url: string; body: unknown }[] = [];
  let rows = [deviation({}), HANDLED];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/users/current') return jsonResponse(200, testUser(rights));
    if (url.pathname === BASE) {
      const state = url.searchParams.get('state');
      return jsonResponse(200, rows.filter((row) => !state || row.state === state));
    }
    if (url.pathname === '/api/v1/deviations/1/actions' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { cause: string; action: string; actedAt: string };
      posted.push({ url: url.pathname, body });
      const failed = answer();
      if (failed) return failed;
      const handled = deviation({ state: 'handled', handling: { source: 'action', cause: body.cause, action: body.action, at: body.actedAt, by: 'jan@example.com', alarmId: null } });
      rows = [HANDLED, handled];
      return jsonResponse(201, handled);
    }
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return { posted };
}

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the Deviations tab', { timeout: 30_000 }, () => {
  it('lists open deviations first with their kind, and the handled ones with their handling', async () => {
    stubApi();
    renderAt(<DeviationsTab customer="Gemeente Utrecht" location="Stadhuis / West" />);
    const table = await screen.findByRole('table', { name: 'Afwijkingen' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('Temperatuur buiten grens');
    expect(rows[0].textContent).toContain('Douche 2.14 · kanaal 1');
    expect(within(rows[0]).getByText('Open')).toBeTruthy();
    expect(rows[1].textContent).toContain('Alarm: Waterdetectie');
    expect(rows[1].textContent).toContain('Afgehandeld via het alarm');
    expect(rows[1].textContent).toContain('Lekkende koppeling vervangen');
    expect(rows[1].textContent).toContain('monteur@example.com');
  });

  it('records cause and action: the dialog posts the body and the row turns handled', async () => {
    const { posted } = stubApi();
    const user = userEvent.setup();
    renderAt(<DeviationsTab customer="Gemeente Utrecht" location="Stadhuis / West" />);
    await user.click(await screen.findByRole('button', { name: /^Maatregel vastleggen: Temperatuur buiten grens/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Maatregel vastleggen' });
    expect(within(dialog).getByText('Vastgelegd door: jan@example.com')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    expect(within(dialog).getAllByText('Veld is verplicht')).toHaveLength(2);
    expect(posted).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Oorzaak' }), 'Boiler in onderhoud');
    await user.type(within(dialog).getByRole('textbox', { name: 'Genomen maatregel' }), 'Boiler op 65 °C gezet');
    await user.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toMatchObject({ cause: 'Boiler in onderhoud', action: 'Boiler op 65 °C gezet' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = await screen.findByRole('table', { name: 'Afwijkingen' });
    await waitFor(() => expect(within(table).getAllByRole('row')[2].textContent).toContain('Boiler in onderhoud'));
  });

  it("shows the server's field error under its field", async () => {
    stubApi({ answer: () => jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'x', key: 'errors.badRequest', fields: { actedAt: 'validation.actedAtInFuture' } }) });
    const user = userEvent.setup();
    renderAt(<DeviationsTab customer="Gemeente Utrecht" location="Stadhuis / West" />);
    await user.click(await screen.findByRole('button', { name: /^Maatregel vastleggen: Temperatuur/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Oorzaak' }), 'x');
    await user.type(within(dialog).getByRole('textbox', { name: 'Genomen maatregel' }), 'y');
    await user.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    expect(await within(dialog).findByText('Dit tijdstip ligt in de toekomst')).toBeTruthy();
  });

  it('without the right: the list, no buttons', async () => {
    stubApi({ rights: ['dashboard'] });
    renderAt(<DeviationsTab customer="Gemeente Utrecht" location="Stadhuis / West" />);
    await screen.findByRole('table', { name: 'Afwijkingen' });
    expect(screen.queryByRole('button', { name: /Maatregel vastleggen/ })).toBeNull();
  });
});

describe('the action form', () => {
  it.each([
    [{ cause: 'a', action: 'b', actedAt: '2026-10-09T08:30' }, {}],
    [{ cause: ' ', action: 'b', actedAt: '2026-10-09T08:30' }, { cause: 'validation.required' }],
    [{ cause: 'a', action: 'b', actedAt: '' }, { actedAt: 'validation.dateTime' }],
  ])('%o', (values, errors) => {
    expect(actionBody(values).errors).toEqual(errors);
  });
  it('sends the local time as an instant', () => {
    expect(instantOf('2026-10-09T08:30')).toBe(new Date('2026-10-09T08:30').toISOString());
  });
});
