import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { auditLogs, calibrationLogs, deviceChannels, deviceData, devices } from '../../db/schema';
import { insertCustomer, insertDevice, insertLocation } from '../../test/places-fixtures';

/**
 * A week of known history at one location (docs/logbook.md, tests): every figure of the report
 * follows from it by hand. Period 2026-10-05 to 2026-10-12 (8 local days, Europe/Amsterdam, summer
 * time: 2026-10-04T22:00Z to 2026-10-12T22:00Z, 192 hours, 768 readings expected every 15 minutes).
 *
 * Node "Douche 1" (V2):
 * - temperature1 "Warm" WW, temperature2 "Koud" KW: a reading every 15 minutes at 62.0 / 15.0 °C, except
 *   - no message at all 2026-10-07T00:00Z to 07:45Z (32 readings missing; the last before at 10-06T23:45Z)
 *   - 2026-10-08T10:00Z to 11:45Z (8 readings) temperature1 at 45.0 °C (growth range; outside the limit)
 * - temperature3 no sensor: -102.4 in every message.
 * - battery every 6 hours from 03:00Z at 3.6 V, none at 10-07T03:00Z, one at 2026-10-09T03:00Z at 3.0 V; a
 *   battery swap audited 2026-10-09T10:00Z.
 * - flushes of channel 1: 10-05T12:00Z 40.0 -> 61.0 (proves), 10-09T12:00Z 41.0 -> 62.0 (proves),
 *   10-10T12:00Z 54.0 -> 55.0 (fails: under 60; and weak: moved 1 < 2 °C).
 * - water detected 10-06T03:00Z, dry again 10-06T05:00Z.
 * - calibrated temperature1 2026-10-08T09:00Z (61.5 measured, 62.0 reference) by monteur@example.com.
 * - settings sent 10-09T08:00Z by planner@example.com (register 2 logInterval 15 -> 15: a re-send),
 *   confirmed by the node's parameter report 10-09T12:30Z.
 */
export const LOGBOOK_PERIOD = { from: '2026-10-05', to: '2026-10-12' } as const;
export const LOGBOOK_EUI = '00000000000000D1';
export const LOGBOOK_CUSTOMER = 'Gemeente Logboek';
export const LOGBOOK_LOCATION = 'Sporthal Noord';

const START_MS = Date.UTC(2026, 9, 4, 22, 0, 0);
const END_MS = Date.UTC(2026, 9, 12, 22, 0, 0);
const QUARTER_MS = 15 * 60_000;
const GAP = { from: Date.UTC(2026, 9, 7, 0, 0), to: Date.UTC(2026, 9, 7, 7, 45) };
const EXCURSION = { from: Date.UTC(2026, 9, 8, 10, 0), to: Date.UTC(2026, 9, 8, 11, 45) };

type TRow = typeof deviceData.$inferInsert;
const row = (ms: number, msgId: number, value: Record<string, unknown>): TRow => ({ deviceEui: LOGBOOK_EUI, ts: new Date(ms), msgId, value });

export async function seedLogbookWorld(db: TDb): Promise<{ customerId: number; locationId: number }> {
  const customerId = await insertCustomer(db, LOGBOOK_CUSTOMER, { country: 'Nederland', address: 'Stationsplein 1', postalCode: '1234 AB', city: 'Utrecht' });
  const locationId = await insertLocation(db, customerId, LOGBOOK_LOCATION, { address: 'Sportlaan 5', postalCode: '1234 CD', city: 'Utrecht' });
  await insertDevice(db, { eui: LOGBOOK_EUI, name: 'Douche 1', type: 'V2', customerId, locationId, calibrationInterval: 2 });
  const modes: Record<string, [string, string | undefined]> = { temperature1: ['Warm', 'WW'], temperature2: ['Koud', 'KW'], temperature3: ['Leeg', undefined] };
  for (const [channelId, [name, mode]] of Object.entries(modes)) {
    await db
      .update(deviceChannels)
      .set({ name, custom: mode ? { mode, attachments: [] } : {}, calibratedAt: channelId === 'temperature1' ? new Date('2026-10-08T09:00:00Z') : null })
      .where(and(eq(deviceChannels.deviceEui, LOGBOOK_EUI), eq(deviceChannels.channelId, channelId)));
  }

  const rows: TRow[] = [];
  for (let ms = START_MS; ms < END_MS; ms += QUARTER_MS) {
    if (ms >= GAP.from && ms <= GAP.to) continue;
    const hot = ms >= EXCURSION.from && ms <= EXCURSION.to ? 45 : 62;
    rows.push(row(ms, 42, { timestamp: ms / 1000, temperature1: hot, temperature2: 15, temperature3: -102.4 }));
  }
  for (let ms = START_MS + 5 * 3_600_000; ms < END_MS; ms += 6 * 3_600_000) {
    if (ms === Date.UTC(2026, 9, 7, 3, 0)) continue;
    rows.push(row(ms, 40, { timestamp: ms / 1000, voltage: ms === Date.UTC(2026, 9, 9, 3, 0) ? 3.0 : 3.6 }));
  }
  const flush = (iso: string, before: number, after: number) => rows.push(row(Date.parse(iso), 50, { timestamp: Date.parse(iso) / 1000, channel: 1, before, after }));
  flush('2026-10-05T12:00:00Z', 40, 61);
  flush('2026-10-09T12:00:00Z', 41, 62);
  flush('2026-10-10T12:00:00Z', 54, 55);
  rows.push(row(Date.parse('2026-10-06T03:00:00Z'), 52, { timestamp: 0, resistance: 212.5, detected: true }));
  rows.push(row(Date.parse('2026-10-06T05:00:00Z'), 52, { timestamp: 0, resistance: 1_500_000, detected: false }));
  rows.push(row(Date.parse('2026-10-09T12:30:00Z'), 62, { registers: [{ register: 2, value: { logInterval: 15 } }] }));
  // Outside the period: must not count.
  rows.push(row(START_MS - QUARTER_MS, 42, { timestamp: 0, temperature1: 30, temperature2: 30, temperature3: -102.4 }));
  rows.push(row(END_MS, 42, { timestamp: 0, temperature1: 30, temperature2: 30, temperature3: -102.4 }));
  for (let index = 0; index < rows.length; index += 500) await db.insert(deviceData).values(rows.slice(index, index + 500));

  await db.insert(auditLogs).values([
    { deviceEui: LOGBOOK_EUI, ts: new Date('2026-10-09T10:00:00Z'), userEmail: 'monteur@example.com', value: { action: 'batterySwap' } },
    { deviceEui: LOGBOOK_EUI, ts: new Date('2026-10-09T08:00:00Z'), userEmail: 'planner@example.com', value: { action: 'settings', registers: [2], changes: { '2.logInterval': [15, 15] } } },
  ]);
  await db.insert(calibrationLogs).values({
    deviceEui: LOGBOOK_EUI,
    customerId,
    locationId,
    ts: new Date('2026-10-08T09:00:00Z'),
    channel: 'temperature1',
    measured: 61.5,
    calibrated: 62,
    offset: 0.5,
    userEmail: 'monteur@example.com',
  });
  await db.update(devices).set({ flushMinimumTemperatureDeviation: 2 }).where(eq(devices.eui, LOGBOOK_EUI));
  return { customerId, locationId };
}
