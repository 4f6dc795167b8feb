import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { TOKEN_STORAGE_KEY } from '../../../lib/session/token-storage';
import { jsonResponse, renderAt } from '../../../test/render';
import { GatewayHeardNodes } from './gateway-heard-nodes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function stubHeard(answer: () => Response) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  vi.spyOn(window, 'fetch').mockImplementation(async (input) =>
    String(input) === '/api/v1/customers/Gemeente%20Utrecht/locations/Sporthal%20Zuid/gateways/GW%20Zuid/heard' ? answer() : jsonResponse(404, {}),
  );
}

const render = () => renderAt(<GatewayHeardNodes customer="Gemeente Utrecht" location="Sporthal Zuid" gateway="GW Zuid" />);

describe('GatewayHeardNodes', () => {
  it('lists the nodes heard with a link to each placed node, its EUI, last heard, RSSI and SNR in Dutch', async () => {
    stubHeard(() =>
      jsonResponse(200, [
        { eui: '0004A30B001C2D3E', name: 'Douche 1', customer: 'Gemeente Utrecht', location: 'Sporthal Zuid', lastHeardAt: '2026-11-27T10:00:00.000Z', rssi: -97, snr: -2.25 },
        { eui: '0004A30B001C2D3F', name: '', customer: null, location: null, lastHeardAt: '2026-11-26T09:00:00.000Z', rssi: null, snr: null },
      ]),
    );
    render();
    const table = await screen.findByRole('table', { name: 'Nodes die deze gateway hoorde' });
    const link = await within(table).findByRole('link', { name: 'Douche 1' });
    expect(link.getAttribute('href')).toBe('/nodes/Gemeente%20Utrecht/Sporthal%20Zuid/0004A30B001C2D3E');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1].textContent).toContain('0004A30B001C2D3E');
    expect(rows[1].textContent).toContain('-97');
    expect(rows[1].textContent).toContain('-2,3');
    // An unassigned node: no link, its EUI as its name, dashes for missing radio values.
    expect(within(rows[2]).queryByRole('link')).toBeNull();
    expect(rows[2].textContent).toContain('—');
  });

  it('says so when the gateway heard nothing yet, and when the list could not be loaded', async () => {
    stubHeard(() => jsonResponse(200, []));
    render();
    expect(await screen.findByText('Deze gateway heeft nog geen nodes gehoord.')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();
    stubHeard(() => jsonResponse(500, { statusCode: 500, error: 'x', message: 'x' }));
    render();
    expect(await screen.findByText('De gehoorde nodes konden niet worden geladen.')).toBeTruthy();
  });
});
