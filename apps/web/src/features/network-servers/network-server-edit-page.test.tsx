import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { TNetworkServer } from '@aquasmart/domain';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { jsonResponse, renderRoutes } from '../../test/render';
import { NetworkServerEditPage } from './network-server-edit-page';

const OLD_SECRET = 'a'.repeat(43);
const NEW_SECRET = 'b'.repeat(43);

const server: TNetworkServer = {
  name: 'ChirpStack Utrecht',
  kind: 'chirpstack',
  secret: OLD_SECRET,
  config: { apiUrl: 'https://cs.example.com', apiToken: 'token-1' },
  nodes: 2,
};

interface TCall {
  method: string;
  url: string;
  body: unknown;
}

const PATH = `/api/v1/networkServers/${encodeURIComponent(server.name)}`;

function stubApi(answers: { patch?: (body: Record<string, unknown>) => Response; delete?: Response } = {}) {
  const calls: TCall[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    if (url === PATH && method === 'GET') return jsonResponse(200, server);
    if (url === PATH && method === 'PATCH') return answers.patch ? answers.patch(body ?? {}) : jsonResponse(200, server);
    if (url === PATH && method === 'DELETE') return answers.delete ?? new Response(null, { status: 204 });
    if (url === '/api/v1/networkServers') return jsonResponse(200, [server]);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return calls;
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderPage() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  return renderRoutes(
    [
      { path: '/networkServers/:networkServer/edit', element: <NetworkServerEditPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    `/networkServers/${encodeURIComponent(server.name)}/edit`,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('network server edit screen', () => {
  it('shows the integration URL and secret, and draws a new secret only after the confirmation, keeping unsaved edits', async () => {
    const calls = stubApi({ patch: () => jsonResponse(200, { ...server, secret: NEW_SECRET }) });
    const user = userEvent.setup();
    renderPage();

    const secret = await screen.findByRole('textbox', { name: 'Integratiegeheim' });
    expect(secret).toHaveProperty('value', OLD_SECRET);
    expect(screen.getByRole('textbox', { name: 'Integratie-URL' })).toHaveProperty('value', `${window.location.origin}/api/v1/integrations/chirpstack`);
    expect(screen.getByRole('textbox', { name: 'Authorization-header' })).toHaveProperty('value', `Bearer ${OLD_SECRET}`);

    const token = screen.getByRole('textbox', { name: 'API-token' });
    await user.clear(token);
    await user.type(token, 'unsaved-token');

    await user.click(screen.getByRole('button', { name: 'Nieuw geheim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw integratiegeheim maken?' });
    expect(dialog.textContent).toContain('integratie van de netwerkserver');
    // Cancelling changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Nieuw geheim' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Nieuw geheim maken' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Integratiegeheim' })).toHaveProperty('value', NEW_SECRET));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ secret: 'regenerate' }]);
    expect(await screen.findByText(/Nieuw integratiegeheim gemaakt/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'API-token' })).toHaveProperty('value', 'unsaved-token');
  });

  it('switching to The Things Stack shows its four fields and saves them with the ChirpStack keys cleared', async () => {
    const calls = stubApi({ patch: (body) => jsonResponse(200, { ...server, ...body, config: {} }) });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('combobox', { name: /^Soort/ }));
    await user.click(await screen.findByRole('option', { name: 'The Things Stack' }));
    expect(screen.queryByRole('textbox', { name: 'REST API-URL' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    // Nothing is sent while the kind's fields are empty.
    expect(await screen.findAllByText('Veld is verplicht')).toHaveLength(4);
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Basis-URL/ }), 'https://eu1.cloud.thethings.network');
    await user.type(screen.getByRole('textbox', { name: /^Applicatie-id/ }), 'aquasmart');
    await user.type(screen.getByRole('textbox', { name: /^Webhook-id/ }), 'portal');
    await user.type(screen.getByRole('textbox', { name: /^API-sleutel/ }), 'NNSXS.KEY');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/networkServers'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: server.name,
      kind: 'tts',
      config: {
        apiUrl: null,
        apiToken: null,
        mqttUrl: null,
        applicationId: 'aquasmart',
        baseUrl: 'https://eu1.cloud.thethings.network',
        webhookId: 'portal',
        apiKey: 'NNSXS.KEY',
      },
    });
  });

  it('a refused delete (in use) shows the server’s reason and stays', async () => {
    stubApi({
      delete: jsonResponse(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Network server is in use',
        key: 'errors.networkServerInUse',
        params: { nodes: 2 },
      }),
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Netwerkserver verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Netwerkserver verwijderen is mislukt: Netwerkserver wordt nog gebruikt door 2 node(s)')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
