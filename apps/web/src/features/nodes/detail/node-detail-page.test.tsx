import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { TCurrentUser, TDevice } from '@aquasmart/domain';
import { TOKEN_STORAGE_KEY } from '../../../lib/session/token-storage';
import { stubDeviceApi, testDevice } from '../../../test/devices';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { testUser } from '../../../test/users';
import { NodeDetailPage } from './node-detail-page';

const ADMIN = testUser([], { type: 'Administrator' });
const ENGINEER = testUser(['settings', 'calibration', 'editNode', 'dashboard']);
const VIEWER = testUser([]);
const NOW_S = Math.floor(Date.now() / 1000);

const NODE: TDevice = testDevice({
  gateway: 'GW Stadhuis',
  flushDevice: 'Sanimatic kraan',
  notes: 'Achter het plafondluik',
  locationNotes: 'Sleutel bij de receptie',
  battery: { ts: '2025-11-01T10:00:00.000Z', voltage: 3.05, alarm: { ts: NOW_S - 3600 } },
  channels: [
    { id: 'temperature1', name: 'Warm water', type: 'Temperatuur', value: 61.2, rawValue: 61.4, ts: NOW_S, offset: -0.2, calibratedAt: '2026-01-10T09:00:00.000Z', custom: { mode: 'WW', attachments: ['Nattouwtje'] } },
    { id: 'temperature2', name: 'Koud water', type: 'Temperatuur', value: -102.4, rawValue: -102.4, ts: NOW_S, offset: 0, calibratedAt: null, custom: { mode: 'KW', attachments: [] } },
    { id: 'battery1', name: 'Batterij', type: 'Batterij', value: 3.05, rawValue: 3.05, ts: NOW_S, offset: 0, calibratedAt: null, custom: {} },
    { id: 'flush1', name: 'Spoeling', type: 'Event', value: 1, rawValue: 1, ts: NOW_S, offset: 0, calibratedAt: null, custom: {} },
  ],
  sipp: {
    parameters: [{ register: 2, value: { inputs: [{ mode: 'actual' }, { mode: 'actual' }, { mode: 'disabled' }] }, status: 'saved', reported: null, updatedAt: '2026-01-10T09:00:00.000Z' }],
    connector: { id: 'aquasmart-v2', version: '1' },
    diagnostics: { version: { major: 2, minor: 1, patch: 3 } },
  },
});

const AUDIT_LOG = [
  { ts: '2026-02-01T10:00:00.000Z', user: 'monteur@example.com', value: { action: 'calibration', channel: 'temperature1', measured: 61.4, calibrated: 61.2, offset: -0.2 } },
  { ts: '2026-01-20T10:00:00.000Z', user: 'admin@example.com', value: { action: 'move', changes: { location: ['Bibliotheek', 'Stadhuis'], 'calibration.interval': [1, 2] } } },
  { ts: '2026-01-01T10:00:00.000Z', user: null, value: { action: 'provision', via: 'csv', type: 'V2', version: '1.0', networkServer: 'ChirpStack' } },
];

function stubApi(me: TCurrentUser, device: TDevice = NODE, answers: Record<string, () => Response> = {}) {
  return stubDeviceApi(me, device, { [`GET /api/v1/devices/${device.eui}/auditLogs`]: () => jsonResponse(200, AUDIT_LOG), ...answers });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderAt(path: string) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  return renderRoutes(
    [
      { path: '/nodes/:customer/:location/:eui', element: <NodeDetailPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  );
}

const PATH = '/nodes/Gemeente%20Utrecht/Stadhuis/0004A30B001C2D3E';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/nodes/{customer}/{location}/{eui}', { timeout: 30_000 }, () => {
  it('an administrator sees every tab; the service tab shows fields, channels, alarms and calibration', async () => {
    stubApi(ADMIN);
    renderAt(`${PATH}#details`);
    const tabs = await screen.findByRole('tablist', { name: 'Onderdelen van de node' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Grafiek', 'Service', 'Instellingen', 'LoRa', 'Auditlog']);
    expect(screen.getByRole('tab', { name: 'Service' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Keuken warm' })).toBeTruthy();

    // Content after the 200 ms tab delay.
    expect(await screen.findByText('0004A30B001C2D3E', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('2.1.3')).toBeTruthy();
    expect(screen.getByText('Sanimatic kraan')).toBeTruthy();
    expect(screen.getByText('Achter het plafondluik')).toBeTruthy();
    expect(screen.getByText('Sleutel bij de receptie')).toBeTruthy();
    expect(screen.getByText('Instellingen opgeslagen')).toBeTruthy();
    expect(screen.getByText('ChirpStack')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stadhuis' }).getAttribute('href')).toBe('/locations/Gemeente%20Utrecht/Stadhuis');
    // Alarms in plain words: low battery and the missing sensor of channel 2.
    const alarms = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(alarms.some((text) => text.startsWith('Batterij bijna leeg: 3,05 V gemeten op'))).toBe(true);
    expect(alarms.some((text) => text.startsWith('Koud water: sensor defect of niet aangesloten'))).toBe(true);
    // Channels with mode and attachments; offset and last calibration with the calibration right (administrator).
    const warm = screen.getByRole('region', { name: 'Warm water' });
    expect(within(warm).getByText('61,2 °C')).toBeTruthy();
    expect(within(warm).getByText('WW')).toBeTruthy();
    expect(within(warm).getByText('Nattouwtje')).toBeTruthy();
    expect(within(warm).getByText('-0,2 °C')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Koud water' })).getByText('Geen sensor')).toBeTruthy();
    expect(screen.getByText('2 jaar')).toBeTruthy();
    expect(screen.getByText('3 °C')).toBeTruthy();
    // The pencil edits the node from the service tab.
    expect(screen.getByRole('link', { name: 'Bewerken' }).getAttribute('href')).toBe(`${PATH}/edit`);
  });

  it('the audit log reads as sentences', async () => {
    stubApi(ADMIN);
    renderAt(`${PATH}#auditLog`);
    expect(await screen.findByText('Warm water gekalibreerd: gemeten 61,4 °C, ijkwaarde 61,2 °C, afwijking -0,2 °C')).toBeTruthy();
    // Each change on a line of its own: "field: before → after".
    const moved = screen.getByText('Verplaatst').closest('td')!;
    expect(within(moved).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['locatie: Bibliotheek → Stadhuis', 'kalibratie-interval: 1 → 2']);
    expect(screen.getByText('Aangemaakt als V2 versie 1.0 op netwerkserver ChirpStack via een CSV-import')).toBeTruthy();
    expect(screen.getByText('Systeem')).toBeTruthy();
  });

  it('an engineer sees no LoRa or audit tab; on the settings tab the pencil goes to the settings', async () => {
    stubApi(ENGINEER);
    renderAt(`${PATH}#settings`);
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Grafiek', 'Service', 'Instellingen']);
    const settings = await screen.findByTestId('node-settings');
    expect(within(settings).getByRole('region', { name: 'Register 2: meten en ingangen' })).toBeTruthy();
    expect(within(settings).getByTestId('register-2-status').textContent).toBe('Opgeslagen');
    // Copying settings to other nodes is for administrators.
    expect(within(settings).queryByRole('button', { name: 'Kopiëren naar andere nodes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Instellingen bewerken' }).getAttribute('href')).toBe(`${PATH}/settings`);
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).toBeNull();
  });

  it('a user without rights: no settings tab, no calibration fields, no pencil', async () => {
    stubApi(VIEWER);
    renderAt(`${PATH}#details`);
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Grafiek', 'Service']);
    await screen.findByRole('region', { name: 'Warm water' });
    expect(screen.queryByText('Kalibratie-interval')).toBeNull();
    expect(screen.queryByText('Afwijking')).toBeNull();
    expect(screen.queryByText('ChirpStack')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bewerken' })).toBeNull();
  });

  it('a node without parameters shows only the details, without tabs', async () => {
    stubApi(ADMIN, { ...NODE, sipp: { ...NODE.sipp, parameters: [] }, sync: -1 });
    renderAt(`${PATH}#chart`);
    expect(await screen.findByText('Geen instellingen')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('region', { name: 'Warm water' })).toBeTruthy();
  });

  it('delete asks with the node named, detaches and stops it, then goes to /nodes; a failure shows nodeDeleteError', async () => {
    const user = userEvent.setup();
    let fail = true;
    const calls = stubApi(ADMIN, NODE, {
      'PATCH /api/v1/devices/0004A30B001C2D3E/lora/NS': () =>
        fail ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }) : jsonResponse(200, { ...NODE, customer: null, location: null }),
    });
    renderAt(`${PATH}#details`);
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Keuken warm \(0004A30B001C2D3E\)/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(/^Fout bij verwijderen node/)).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ customer: null, location: null, lora: { state: 'Stopped' } });

    fail = false;
    // The message may come while the dialog still fades out, which hides the rest of the page (the
    // alert with it) from assistive technology until it is gone (as calibration.test.tsx waits).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/nodes'));
  });

  it('moveNode without editNode: no pencil, a move dialog that shows the new location\'s interval greyed and sends only the place', async () => {
    const user = userEvent.setup();
    const PLANNER = testUser(['moveNode']);
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/v1/users/current') return jsonResponse(200, PLANNER);
      if (method === 'PATCH') return jsonResponse(200, { ...NODE, location: 'Bibliotheek', gateway: null, calibration: { ...NODE.calibration, interval: 1 } });
      if (url === `/api/v1/devices/${NODE.eui}`) return jsonResponse(200, NODE);
      if (url.startsWith('/api/v1/customers?')) return jsonResponse(200, [{ name: 'Gemeente Utrecht', calibration: { interval: 2 } }]);
      if (url.startsWith('/api/v1/customers/Gemeente%20Utrecht/locations?'))
        return jsonResponse(200, [
          { name: 'Stadhuis', calibration: { interval: 2 } },
          { name: 'Bibliotheek', calibration: { interval: 1 } },
        ]);
      if (url.startsWith('/api/v1/overflowLogs')) return jsonResponse(200, []);
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
    });
    renderAt(`${PATH}#details`);
    await user.click(await screen.findByRole('button', { name: 'Verplaatsen' }));
    expect(screen.queryByRole('link', { name: 'Bewerken' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Keuken warm verplaatsen' });
    expect(within(dialog).getByRole('button', { name: 'Verplaatsen' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /^Locatie/ }));
    await user.click(await screen.findByRole('option', { name: 'Bibliotheek' }));
    const interval = within(dialog).getByRole('combobox', { name: /^Kalibratie-interval/ });
    await waitFor(() => expect(interval.textContent).toBe('1 jaar'));
    expect(interval.getAttribute('aria-disabled')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Verplaatsen' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ customer: 'Gemeente Utrecht', location: 'Bibliotheek' });
    expect(await screen.findByText('Node verplaatst')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
