import {
  ZDevice,
  ZDeviceImportReport,
  ZIntakeEvent,
  type TDevice,
  type TDeviceCreate,
  type TDeviceImportReport,
  type TIntakeEvent,
} from '@aquasmart/domain';
import { http } from '../../../lib/http/http';

/** Device provisioning and the intake's problems (docs/telemetry.md, "Provisioning devices", "Read routes"). */
export const INTAKE_EVENTS_QUERY_KEY = ['intakeEvents', 'list'] as const;

/** The list shows the newest events only; the server answers at most this many per page. */
export const INTAKE_EVENTS_SHOWN = 1000;

export async function createDevice(body: TDeviceCreate): Promise<TDevice> {
  return ZDevice.parse(await http.post<unknown>('/devices', body));
}

/** POST /devices/import with the file's text; the answer reports every data row. */
export async function importDevices(csv: string): Promise<TDeviceImportReport> {
  return ZDeviceImportReport.parse(await http.post<unknown>('/devices/import', { csv }));
}

/** GET /intakeEvents: events with an error or from unknown devices, newest first (without their stored body). */
export async function fetchIntakeEvents(signal?: AbortSignal): Promise<TIntakeEvent[]> {
  const rows = await http.get<unknown[]>('/intakeEvents', { query: { limit: INTAKE_EVENTS_SHOWN }, signal });
  return rows.map((row) => ZIntakeEvent.parse(row));
}

/** The stored record of one event (only answered when projected). */
export async function fetchIntakeEventBody(id: string, signal?: AbortSignal): Promise<unknown> {
  const rows = await http.get<{ id?: string; body?: unknown }[]>('/intakeEvents', {
    query: { conditions: JSON.stringify({ id: Number(id) }), projection: 'id body' },
    signal,
  });
  return rows[0]?.body ?? null;
}
