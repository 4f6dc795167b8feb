import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyRights, type TApiKey, type TApiKeyCreate } from '@aquasmart/domain';
import { testUser } from '../../test/users';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { jsonResponse, renderRoutes } from '../../test/render';
import { ApiKeysPage } from './api-keys-page';

const ADMIN = testUser([], { type: 'Administrator' });
const KEY: TApiKey = {
  id: 7,
  name: 'CAFM',
  hint: 'aqk_AbCd',
  customers: [],
  portal: { rights: { ...emptyRights(), dashboard: true } },
  createdBy: 'admin@example.com',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-09-01T10:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
  lastUsedFrom: null,
  state: 'active',
};

function stubApi(answerPost: (body: TApiKeyCreate) => Response) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/v1/users/current') return jsonResponse(200, ADMIN);
    if (url === '/api/v1/customers?projection=name') return jsonResponse(200, [{ name: 'Acme' }]);
    if (url === '/api/v1/api-keys' && method === 'GET') return jsonResponse(200, [KEY]);
    if (url === '/api/v1/api-keys' && method === 'POST') return answerPost(JSON.parse(String(init?.body)) as TApiKeyCreate);
    if (url === '/api/v1/api-keys/7' && method === 'DELETE') return jsonResponse(200, { ...KEY, state: 'revoked', revokedAt: '2026-03-02T10:00:00.000Z' });
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return calls;
}

function renderPage() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  return renderRoutes([{ path: '/api-keys', element: <ApiKeysPage /> }], '/api-keys');
}

afterEach(() => vi.restoreAllMocks());

describe('/api-keys', { timeout: 30_000 }, () => {
  it('lists the keys and shows a new one once, after the server made it', async () => {
    const user = userEvent.setup();
    const calls = stubApi((body) => jsonResponse(201, { ...KEY, id: 8, name: body.name, key: 'aqk_secret-value' }));
    renderPage();
    const row = (await screen.findByText('CAFM')).closest('tr')!;
    expect(within(row).getByText('Dashboard')).toBeTruthy();
    expect(within(row).getByText('Alle klanten')).toBeTruthy();
    expect(within(row).getByText('Nooit')).toBeTruthy();
    expect(within(row).getByText('Actief')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Nieuwe sleutel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe API-sleutel' });
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Gebruikersbeheer' }).disabled).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Logboek ondertekenen' }).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Naam/), 'GBS');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dashboard' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));

    const shown = await screen.findByRole('dialog', { name: 'Sleutel aangemaakt' });
    expect(within(shown).getByTestId<HTMLInputElement>('api-key-value').value).toBe('aqk_secret-value');
    expect(within(shown).getByText(/maar één keer getoond/)).toBeTruthy();
    const posted = calls.find((call) => call.method === 'POST')!.body as TApiKeyCreate;
    expect(posted).toMatchObject({ name: 'GBS', customers: [], portal: { rights: { dashboard: true } } });
    expect(new Date(posted.expiresAt).getTime()).toBeGreaterThan(Date.now());
    await user.click(within(shown).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByText('aqk_secret-value')).toBeNull());
  });

  it('revokes after confirming', async () => {
    const user = userEvent.setup();
    const calls = stubApi(() => jsonResponse(500, {}));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Intrekken: CAFM' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sleutel intrekken?' });
    expect(within(confirm).getByText(/"CAFM"/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Intrekken' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/v1/api-keys/7')).toBe(true));
  });

  it('puts a refused expiry on the day field', async () => {
    const user = userEvent.setup();
    stubApi(() => jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'x', key: 'errors.badRequest', fields: { expiresAt: 'validation.apiKeyExpiryTooFar?max=366' } }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nieuwe sleutel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe API-sleutel' });
    await user.type(within(dialog).getByLabelText(/^Naam/), 'GBS');
    await user.click(within(dialog).getByRole('button', { name: 'Aanmaken' }));
    expect(await within(dialog).findByText('Een sleutel is hoogstens 366 dagen geldig.')).toBeTruthy();
  });
});
