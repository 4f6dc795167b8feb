import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../lib/i18n/texts/nodes';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { TEST_EUI, testDevice } from '../../test/devices';
import { jsonResponse, renderRoutes } from '../../test/render';
import { testUser } from '../../test/users';
import { NodeEditPage } from './node-edit-page';

const ENGINEER = testUser(['editNode', 'moveNode']);
const NOW_S = Math.floor(Date.now() / 1000);
/** Two temperature channels without a mode (as a node registered elsewhere may have). */
const NODE = testDevice({
  channels: [
    { id: 'temperature1', name: 'Warm water', type: 'Temperatuur', value: 61.2, rawValue: 61.4, ts: NOW_S, offset: 0, calibratedAt: null, custom: {} },
    { id: 'temperature2', name: 'Koud water', type: 'Temperatuur', value: 12.2, rawValue: 12.2, ts: NOW_S, offset: 0, calibratedAt: null, custom: {} },
  ],
});

function stub() {
  const calls: string[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/v1/users/current') return jsonResponse(200, ENGINEER);
    if (url === `/api/v1/devices/${TEST_EUI}`) return jsonResponse(200, NODE);
    if (method === 'GET' && url.includes('/locations')) return jsonResponse(200, [{ name: 'Stadhuis', calibration: { interval: 2 } }]);
    if (method === 'GET' && url.includes('customers')) return jsonResponse(200, [{ name: 'Gemeente Utrecht' }]);
    if (method === 'GET') return jsonResponse(200, []);
    return jsonResponse(500, { statusCode: 500, error: 'x', message: 'x' });
  });
  return calls;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/nodes/{customer}/{location}/{eui}/edit', { timeout: 30_000 }, () => {
  it('shows every error in one round: the empty name and both empty channel modes', async () => {
    const calls = stub();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes([{ path: '/nodes/:customer/:location/:eui/edit', element: <NodeEditPage /> }], `/nodes/Gemeente%20Utrecht/Stadhuis/${TEST_EUI}/edit`);
    const user = userEvent.setup();
    const name = (await screen.findAllByRole('textbox', { name: /^Naam/ }))[0];
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const form = screen.getByRole('form');
    expect(await within(form).findAllByText('Veld is verplicht')).toHaveLength(3);
    // On a phone the channels are screens below the name: the summary at the top names every field at once.
    const summary = within(form).getByRole('alert');
    expect(summary.textContent).toBe('Controleer 3 velden: Naam; Kanaal 1: Modus; Kanaal 2: Modus');
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
  });
});
