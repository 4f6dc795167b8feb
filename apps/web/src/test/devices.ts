import { vi } from 'vitest';
import type { TCurrentUser, TDevice } from '@aquasmart/domain';
import { jsonResponse } from './render';

/** A node for screen tests: a V2 in Gemeente Utrecht · Stadhuis, reporting now; override what a test needs. */
export const TEST_EUI = '0004A30B001C2D3E';

export function testDevice(overrides: Partial<TDevice> = {}): TDevice {
  const nowS = Math.floor(Date.now() / 1000);
  return {
    eui: TEST_EUI,
    name: 'Keuken warm',
    type: 'V2',
    version: '1.0',
    customer: 'Gemeente Utrecht',
    location: 'Stadhuis',
    gateway: null,
    flushDevice: null,
    notes: null,
    locationNotes: null,
    calibration: { interval: 2, ts: '2026-01-10T09:00:00.000Z' },
    battery: { ts: '2025-11-01T10:00:00.000Z', voltage: 3.6, alarm: { ts: 0 } },
    flush: { minimumTemperatureDeviation: 3, alarm: { ts: 0 } },
    lora: { state: 'Started', networkServer: 'ChirpStack', encryption: { mode: 'NS' }, ts: new Date().toISOString(), counter: 812, rssi: -92, snr: 6.5 },
    presets: [],
    channels: [
      { id: 'temperature1', name: 'Warm water', type: 'Temperatuur', value: 61.2, rawValue: 61.4, ts: nowS, offset: -0.2, calibratedAt: '2026-01-10T09:00:00.000Z', custom: { mode: 'WW' } },
      { id: 'battery1', name: 'Batterij', type: 'Batterij', value: 3.6, rawValue: 3.6, ts: nowS, offset: 0, calibratedAt: null, custom: {} },
    ],
    sipp: { parameters: [{ register: 2, value: {}, status: 'saved', reported: null, updatedAt: '2026-01-10T09:00:00.000Z' }], connector: null, diagnostics: {} },
    signal: 3,
    sync: 1,
    incorrectSettings: false,
    ...overrides,
  };
}

export interface TApiCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * window.fetch for a node screen: the signed-in user, the node, no open overflow; `answers` by
 * "METHOD url" first. Every call is recorded (with its JSON body) in the returned list.
 */
export function stubDeviceApi(me: TCurrentUser, device: TDevice, answers: Record<string, () => Response> = {}): TApiCall[] {
  const calls: TApiCall[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const own = answers[`${method} ${url}`];
    if (own) return own();
    if (url === '/api/v1/users/current') return jsonResponse(200, me);
    if (url === `/api/v1/devices/${device.eui}` && method === 'GET') return jsonResponse(200, device);
    if (url.startsWith('/api/v1/overflowLogs')) return jsonResponse(200, []);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return calls;
}
