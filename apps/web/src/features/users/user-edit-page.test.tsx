import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { emptyRights, type TCurrentUser } from '@aquasmart/domain';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { jsonResponse, renderRoutes } from '../../test/render';
import { UserEditPage } from './user-edit-page';
import { testUser } from '../../test/users';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

interface TCall {
  method: string;
  url: string;
  body: unknown;
}

function stubApi(me: TCurrentUser, target: TCurrentUser, patchAnswer?: Response) {
  const calls: TCall[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/v1/users/current') return jsonResponse(200, me);
    if (url === '/api/v1/customers?projection=name') return jsonResponse(200, [{ name: 'Gemeente Utrecht' }]);
    if (url === `/api/v1/users/${encodeURIComponent(target.email)}` && method === 'GET') return jsonResponse(200, target);
    if (url === `/api/v1/users/${encodeURIComponent(target.email)}` && method === 'PATCH') {
      return patchAnswer ?? jsonResponse(200, { ...target, ...(body as object), portal: { rights: { ...emptyRights(), ...(body as TCurrentUser).portal.rights } } });
    }
    if (url === '/api/v1/auth' && method === 'POST') return jsonResponse(200, { token: 'fresh-token' });
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return calls;
}

function renderPage(email: string) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'old-token');
  return renderRoutes(
    [
      { path: '/users/:email/edit', element: <UserEditPage /> },
      { path: '/users/:email', element: <LocationProbe /> },
      { path: '/', element: <LocationProbe /> },
    ],
    `/users/${encodeURIComponent(email)}/edit`,
  );
}

async function loaded() {
  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^Voornaam/).value).toBe('Jan'));
}

afterEach(() => vi.restoreAllMocks());

describe('/users/{email}/edit', { timeout: 30_000 }, () => {
  it('saves another user without an empty password and opens that user', async () => {
    const user = userEvent.setup();
    const calls = stubApi(testUser(['administrator'], { email: 'admin@example.com' }), testUser(['dashboard'], { email: 'piet@example.com' }));
    renderPage('piet@example.com');
    await loaded();
    // Another user's notifications are not "mine" (issue 37, item 9).
    expect(screen.getByRole('radio', { name: 'Alle klanten die deze gebruiker mag zien' })).toBeTruthy();
    expect(screen.getByText(/in de tijdzone van de gebruiker\.$/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Producten' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/users/piet%40example.com');
    expect(await screen.findByText('Gebruiker gewijzigd')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH')?.body as Record<string, unknown>;
    expect(patch).not.toHaveProperty('password');
    expect(patch).toMatchObject({ firstName: 'Jan', email: 'piet@example.com', customers: [] });
    expect(calls.some((call) => call.url === '/api/v1/auth')).toBe(false);
  });

  it('after saving one\'s own account without userManagement: a fresh token, then /', async () => {
    const user = userEvent.setup();
    const me = testUser(['userManagement'], { email: 'jan@example.com' });
    const calls = stubApi(me, me);
    renderPage('jan@example.com');
    await loaded();
    await user.click(screen.getByRole('checkbox', { name: 'Gebruikersbeheer' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/v1/auth')).toBe(true);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
  });

  it("after saving one's own account with userManagement: the detail page", async () => {
    const user = userEvent.setup();
    const me = testUser(['userManagement'], { email: 'jan@example.com' });
    stubApi(me, me);
    renderPage('jan@example.com');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/users/jan%40example.com');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
  });

  it('shows minAdmin when the server refuses to demote the last administrator', async () => {
    const user = userEvent.setup();
    stubApi(
      testUser(['administrator'], { email: 'jan@example.com' }),
      testUser(['administrator'], { email: 'ada@example.com' }),
      jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'x', key: 'errors.minAdmin' }),
    );
    renderPage('ada@example.com');
    await loaded();
    await user.click(screen.getByRole('checkbox', { name: 'Administrator' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Er moet tenminste een administrator zijn')).toBeTruthy();
  });

  it("one's own new password needs the current password, which the save carries (as on /users/current)", async () => {
    const user = userEvent.setup();
    const me = testUser(['userManagement'], { email: 'jan@example.com' });
    const calls = stubApi(me, me);
    renderPage('jan@example.com');
    await loaded();
    await user.type(screen.getByLabelText(/^Wachtwoord/), 'Nieuw-wachtwoord-2026');
    await user.type(screen.getByLabelText(/^Bevestig wachtwoord/), 'Nieuw-wachtwoord-2026');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Veld is verplicht')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.type(screen.getByLabelText(/^Huidig wachtwoord/), 'Oud-wachtwoord-2026');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/users/jan%40example.com');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ password: 'Nieuw-wachtwoord-2026', currentPassword: 'Oud-wachtwoord-2026' });
  });

  it('another user\'s form has no current password field and sends none', async () => {
    const user = userEvent.setup();
    const calls = stubApi(testUser(['administrator'], { email: 'admin@example.com' }), testUser([], { email: 'piet@example.com' }));
    renderPage('piet@example.com');
    await loaded();
    expect(screen.queryByLabelText(/^Huidig wachtwoord/)).toBeNull();
    await user.type(screen.getByLabelText(/^Wachtwoord/), 'Nieuw-wachtwoord-2026');
    await user.type(screen.getByLabelText(/^Bevestig wachtwoord/), 'Nieuw-wachtwoord-2026');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/users/piet%40example.com');
    expect(calls.find((call) => call.method === 'PATCH')?.body).not.toHaveProperty('currentPassword');
  });

  it('refuses a different confirmation of a new password', async () => {
    const user = userEvent.setup();
    const calls = stubApi(testUser(['administrator'], { email: 'admin@example.com' }), testUser([], { email: 'piet@example.com' }));
    renderPage('piet@example.com');
    await loaded();
    await user.type(screen.getByLabelText(/^Wachtwoord/), 'nieuw-123');
    await user.type(screen.getByLabelText(/^Bevestig wachtwoord/), 'nieuw-124');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Wachtwoorden komen niet overeen')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
