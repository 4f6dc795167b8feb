import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../lib/i18n/texts/nodes';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { jsonResponse, renderRoutes } from '../../test/render';
import { testUser } from '../../test/users';
import { NodeNewPage } from './node-new-page';

const ENGINEER = testUser(['addNode', 'editNode']);
const EUI = '70B3D5E75E000011';
const OTHER = '70B3D5E75E000022';

/** The server of an engineer (addNode, not administrator): the EUI is no free node they may register (404 on both calls). */
function stub() {
  const calls: string[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/v1/users/current') return jsonResponse(200, ENGINEER);
    if (url.startsWith('/api/v1/devices/')) return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: `No device ${EUI}` });
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

/** /nodes/new reached from the scanner's offer (docs/field-work.md, "A free node"). */
describe('/nodes/new?eui=', { timeout: 30_000 }, () => {
  it('a scanned EUI that is no free node (another customer\'s, or none) ends on the field: "Geen vrije node met deze EUI"', async () => {
    const calls = stub();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes([{ path: '/nodes/new', element: <NodeNewPage /> }], `/nodes/new?eui=${EUI}&customer=Gemeente%20Utrecht&location=Stadhuis`);
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: /^Node \(EUI\)/ });
    expect((box as HTMLInputElement).value).toBe(EUI);
    await user.type(screen.getByRole('textbox', { name: /^Naam/ }), 'Kelder');
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByText('Geen vrije node met deze EUI: controleer de tekens op de node')).toBeTruthy();
    expect(calls).toContain(`PATCH /api/v1/devices/${EUI}/lora/NS`);
  });

  it('another scan that lands here again (the app bar on a phone) fills the field with its EUI', async () => {
    stub();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    const { router } = renderRoutes([{ path: '/nodes/new', element: <NodeNewPage /> }], `/nodes/new?eui=${EUI}`);
    const box = await screen.findByRole('combobox', { name: /^Node \(EUI\)/ });
    expect((box as HTMLInputElement).value).toBe(EUI);
    await act(() => router.navigate(`/nodes/new?eui=${OTHER}`));
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(OTHER));
  });
});
