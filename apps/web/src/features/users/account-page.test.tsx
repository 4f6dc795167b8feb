import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyRights, ZAlarmNotifications, type TCurrentUser } from '@aquasmart/domain';
import { i18n } from '../../lib/i18n/i18n';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session/current-user';
import { jsonResponse, renderRoutes } from '../../test/render';
import { AccountPage } from './account-page';

const ME: TCurrentUser = {
  email: 'jan@example.com',
  firstName: 'Jan',
  lastName: 'Jansen',
  type: null,
  language: 'nl',
  customers: [],
  portal: { rights: emptyRights() },
  rights: [],
  flush: { emailAlerts: false },
  overflowDetection: { emailAlerts: false },
  logbookEmails: false,
  alarmNotifications: ZAlarmNotifications.parse({ timeZone: 'Europe/Amsterdam' }),
};

interface TCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function stubApi({ passwordOk = true, account = ME } = {}) {
  const calls: TCall[] = [];
  let me = { ...account };
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, headers, body });
    if (url === '/api/v1/users/current' && method === 'GET') return jsonResponse(200, me);
    if (url === '/api/v1/users/current' && method === 'PATCH') {
      const { currentPassword, password: _password, ...changes } = body as Partial<TCurrentUser> & { currentPassword?: string; password?: string };
      if (currentPassword !== undefined && !passwordOk) {
        return jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'x',
          key: 'errors.incorrectPassword',
          fields: { currentPassword: 'errors.incorrectPassword' },
        });
      }
      me = { ...me, ...changes };
      return jsonResponse(200, me);
    }
    if (url === '/api/v1/auth' && method === 'POST') {
      if (headers.authorization) {
        return passwordOk ? jsonResponse(200, { token: 'check-token' }) : jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'x' });
      }
      return jsonResponse(200, { token: 'fresh-token' });
    }
    if (url === '/api/v1/auth' && method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return calls;
}

/** The account page, opened as the tab's first page or (`from`) from another page of the portal. */
function renderPage(from?: string) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'old-token');
  return renderRoutes(
    [
      { path: '/users/current', element: <AccountPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    from ? [from, '/users/current'] : '/users/current',
  );
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

afterEach(() => vi.restoreAllMocks());

describe('/users/current', { timeout: 30_000 }, () => {
  it('requires all three passwords once a new one is filled, and a matching confirmation', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    await user.type(await screen.findByLabelText(/^Bevestig wachtwoord/), 'nieuw-123');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findAllByText('Veld is verplicht')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^Huidig wachtwoord/), 'oud-wachtwoord');
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'nieuw-124');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Wachtwoorden komen niet overeen')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('sends the current password with the new one; the server refuses a wrong one and the form shows incorrectPassword', async () => {
    const user = userEvent.setup();
    const calls = stubApi({ passwordOk: false });
    renderPage();
    await user.type(await screen.findByLabelText(/^Huidig wachtwoord/), 'fout');
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'nieuw-123');
    await user.type(screen.getByLabelText(/^Bevestig wachtwoord/), 'nieuw-123');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ongeldig wachtwoord.');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ password: 'nieuw-123', currentPassword: 'fout' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('a new e-mail address needs the current password before anything is sent', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    const email = await screen.findByLabelText(/^E-mail/);
    await waitFor(() => expect((email as HTMLInputElement).value).toBe('jan@example.com'));
    await user.clear(email);
    await user.type(email, 'jan.jansen@example.com');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Veld is verplicht')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.type(screen.getByLabelText(/^Huidig wachtwoord/), 'oud-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ email: 'jan.jansen@example.com', currentPassword: 'oud-wachtwoord' }));
  });

  it('sets flush alarms to immediately (the former switch) and saves it without the current password', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    // One's own notifications say "uw" and "ik" (issue 37, item 9).
    expect(await screen.findByRole('radio', { name: 'Alle klanten die ik mag zien' })).toBeTruthy();
    expect(screen.getByText(/in uw tijdzone\.$/)).toBeTruthy();
    await user.click(await screen.findByRole('combobox', { name: 'Spoelalarm' }));
    await user.click(await screen.findByRole('option', { name: 'Direct' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Account gewijzigd')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ alarmNotifications: { kinds: { flushAlarm: 'immediately', waterDetection: 'off' } } });
    expect(calls.find((call) => call.method === 'PATCH')?.body).not.toHaveProperty('currentPassword');
    // Then home: this user has no userManagement (docs/users.md, Screens).
    expect((await screen.findByTestId('location')).textContent).toBe('/start');
  });

  it('sets a daily digest and quiet hours that cross midnight', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Node offline' }));
    await user.click(await screen.findByRole('option', { name: 'Dagelijks overzicht' }));
    await user.click(screen.getByRole('switch', { name: 'Rusttijd gebruiken' }));
    const from = screen.getByLabelText(/^Van/);
    await user.clear(from);
    await user.type(from, '23:00');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Account gewijzigd')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      alarmNotifications: { kinds: { offline: 'digest' }, quietHours: { from: '23:00', to: '07:00' }, customers: 'all' },
    });
  });

  it('quiet hours are time inputs; an emptied one is refused beside the field', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Rusttijd gebruiken' }));
    const to = screen.getByLabelText<HTMLInputElement>(/^Tot/);
    expect([to.type, to.value]).toEqual(['time', '07:00']);
    await user.clear(to);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Veld is verplicht')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('switches the monthly logbook on, with what it sends explained, without the current password', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    const logbook = await screen.findByRole('switch', { name: 'Maandelijks logboek per e-mail' });
    expect(document.getElementById(logbook.getAttribute('aria-describedby')!)?.textContent).toMatch(/^Op de eerste van elke maand/);
    expect((logbook as HTMLInputElement).checked).toBe(false);
    await user.click(logbook);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Account gewijzigd')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH')?.body;
    expect(patch).toMatchObject({ logbookEmails: true, alarmNotifications: { kinds: { flushAlarm: 'off' } } });
    expect(patch).not.toHaveProperty('currentPassword');
  });

  it('shows the monthly logbook switched on when the account has it', async () => {
    stubApi({ account: { ...ME, logbookEmails: true } });
    renderPage();
    await waitFor(async () => expect((await screen.findByRole<HTMLInputElement>('switch', { name: 'Maandelijks logboek per e-mail' })).checked).toBe(true));
  });

  it('saves the new password, stores a fresh token and applies a changed language at once', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    await user.type(await screen.findByLabelText(/^Huidig wachtwoord/), 'oud-wachtwoord');
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'nieuw-123');
    await user.type(screen.getByLabelText(/^Bevestig wachtwoord/), 'nieuw-123');
    await user.click(screen.getByRole('combobox', { name: /^Taal/ }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Account changed')).toBeTruthy();
    expect(i18n.language).toBe('en');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({
      firstName: 'Jan',
      lastName: 'Jansen',
      email: 'jan@example.com',
      language: 'en',
      password: 'nieuw-123',
      currentPassword: 'oud-wachtwoord',
      alarmNotifications: ME.alarmNotifications,
      logbookEmails: false,
    });
    // No separate sign-in to check the password: the save itself is checked on the server.
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token'));
    // Opened as the tab's first page: on to the start page.
    expect((await screen.findByTestId('location')).textContent).toBe('/start');
  });

  it.each([
    ['a user', ME],
    ['a user manager (no longer their own user page)', { ...ME, portal: { rights: { ...ME.portal.rights, userManagement: true } } }],
  ])('%s goes back to the page they came from after saving, with the snackbar', async (_case, account) => {
    const user = userEvent.setup();
    stubApi({ account });
    renderPage('/nodes');
    await user.clear(await screen.findByLabelText(/^Achternaam/));
    await user.type(screen.getByLabelText(/^Achternaam/), 'de Vries');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/nodes');
    expect(screen.getByText('Account gewijzigd')).toBeTruthy();
  });

  it('the language field follows a language the user menu saved while the page is open', async () => {
    stubApi();
    const { queryClient } = renderPage();
    const language = await screen.findByRole('combobox', { name: /^Taal/ });
    await waitFor(() => expect(language.textContent).toBe('Nederlands'));
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, { ...ME, language: 'en' });
    await waitFor(() => expect(language.textContent).toBe('English'));
  });

  it('counts the characters of a new password against the minimum', async () => {
    const user = userEvent.setup();
    stubApi();
    renderPage();
    await user.type(await screen.findByLabelText(/^Nieuw wachtwoord/), 'abc');
    expect(screen.getByText('3 tekens (minimaal 8)')).toBeTruthy();
  });

  it('shows accountEditError when the save fails', async () => {
    const user = userEvent.setup();
    stubApi();
    vi.mocked(window.fetch).mockImplementationOnce(async () => jsonResponse(200, ME));
    renderPage();
    const firstName = await screen.findByLabelText(/^Voornaam/);
    await waitFor(() => expect((firstName as HTMLInputElement).value).toBe('Jan'));
    vi.mocked(window.fetch).mockImplementationOnce(async () => jsonResponse(500, { statusCode: 500, error: 'Internal', message: 'x' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Fout bij wijzigen account')).toBeTruthy();
  });
});
