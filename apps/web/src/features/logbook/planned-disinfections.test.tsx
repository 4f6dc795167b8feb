import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPlannedDisinfection } from '@aquasmart/domain';
import '../../lib/i18n/texts/logbook';
import { jsonResponse, renderAt } from '../../test/render';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { testUser } from '../../test/users';
import { disinfectionBody } from './components/disinfection-dialog';
import { PlannedDisinfections } from './components/planned-disinfections';

const BASE = '/api/v1/customers/Gemeente%20Utrecht/locations/Stadhuis%20%2F%20West/disinfections';
const PERIOD = { from: '2026-10-01', to: '2026-10-31' };
const RECORDED: TPlannedDisinfection = {
  id: 1,
  from: '2026-10-05T08:00:00.000Z',
  to: '2026-10-05T08:30:00.000Z',
  note: 'Boiler op 70 °C, elk tappunt 5 minuten open',
  recordedBy: 'monteur@example.com',
  recordedAt: '2026-10-05T09:00:00.000Z',
};

function stubApi({ rights = ['dashboard', 'recordDeviationAction'] as Parameters<typeof testUser>[0], answer = (): Response | null => null } = {}) {
  const asked: (string | null)[][] = [];
  const posted: unknown[] = [];
  let rows = [RECORDED];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/users/current') return jsonResponse(200, testUser(rights));
    if (url.pathname === BASE && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { from: string; to: string; note: string };
      posted.push(body);
      const failed = answer();
      if (failed) return failed;
      const made = { id: 2, ...body, recordedBy: 'jan@example.com', recordedAt: '2026-10-07T10:00:00.000Z' };
      rows = [made, ...rows];
      return jsonResponse(201, made);
    }
    if (url.pathname === BASE) {
      asked.push([url.searchParams.get('from'), url.searchParams.get('to')]);
      return jsonResponse(200, rows);
    }
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return { asked, posted };
}

const renderPanel = () => renderAt(<PlannedDisinfections customer="Gemeente Utrecht" location="Stadhuis / West" period={PERIOD} timeZone="Europe/Amsterdam" />);

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the planned disinfections of a location', { timeout: 30_000 }, () => {
  it("lists those of the period in the location's zone, with the note and who recorded it", async () => {
    const { asked } = stubApi();
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Thermische desinfectie' });
    const row = within(table).getAllByRole('row')[1];
    expect(row.textContent).toContain('05-10-2026 10:00');
    expect(row.textContent).toContain('05-10-2026 10:30');
    expect(row.textContent).toContain('Boiler op 70 °C, elk tappunt 5 minuten open');
    expect(row.textContent).toContain('monteur@example.com');
    expect(asked[0]).toEqual(['2026-10-01', '2026-10-31']);
  });

  it('records one: the dialog checks the window, posts it and the list shows it', async () => {
    const { posted } = stubApi();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Desinfectie vastleggen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thermische desinfectie vastleggen' });
    expect(within(dialog).getByText('Vastgelegd door: jan@example.com')).toBeTruthy();
    expect(within(dialog).getByText('Een vastgelegde desinfectie kan niet worden gewijzigd of verwijderd.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Begin/), { target: { value: '2026-10-07T09:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Einde/), { target: { value: '2026-10-07T08:40' } });
    await user.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    expect(within(dialog).getByText('Het einde moet na het begin liggen')).toBeTruthy();
    expect(posted).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Einde/), { target: { value: '2026-10-07T09:20' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Notitie' }), 'Boiler op 60 °C');
    await user.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ from: new Date('2026-10-07T09:00').toISOString(), to: new Date('2026-10-07T09:20').toISOString(), note: 'Boiler op 60 °C' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Thermische desinfectie' })).getAllByRole('row')).toHaveLength(3));
  });

  it("shows the server's field error under its field", async () => {
    stubApi({ answer: () => jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'x', key: 'errors.badRequest', fields: { to: 'validation.disinfectionInFuture' } }) });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Desinfectie vastleggen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Begin/), { target: { value: '2026-10-07T09:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Einde/), { target: { value: '2026-10-07T09:20' } });
    await user.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    expect(await within(dialog).findByText('Leg een desinfectie vast als die is gedaan: het einde ligt in de toekomst')).toBeTruthy();
  });

  it('without the right: the list, no button', async () => {
    stubApi({ rights: ['dashboard'] });
    renderPanel();
    await screen.findByRole('table', { name: 'Thermische desinfectie' });
    expect(screen.queryByRole('button', { name: 'Desinfectie vastleggen' })).toBeNull();
  });
});

describe('the disinfection form', () => {
  const now = new Date('2026-10-07T12:00:00Z');
  it.each([
    [{ from: '2026-10-07T09:00', to: '2026-10-07T09:20', note: '' }, {}],
    [{ from: '', to: '2026-10-07T09:20', note: '' }, { from: 'validation.dateTime' }],
    [{ from: '2026-10-06T09:00', to: '2026-10-07T09:01', note: '' }, { to: 'validation.disinfectionTooLong?hours=24' }],
    [{ from: '2026-10-07T09:00', to: '2026-10-08T09:00', note: '' }, { to: 'validation.disinfectionInFuture' }],
  ])('%o', (values, errors) => {
    expect(disinfectionBody(values, now).errors).toEqual(errors);
  });
});
