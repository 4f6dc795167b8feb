import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { customers, deviceChannels, deviceParameters, devices, locations } from '../../db/schema';
import { queryRows } from '../../db/database';
import { splitStatements } from '../../db/migrate';
import { auditLogs } from '../../db/schema';
import { insertDevice, insertLocation } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { setHistoryImport } from '../devices/device-versions';
import { LOGBOOK_EUI, LOGBOOK_PERIOD, seedLogbookWorld } from './logbook.fixture';
import { canonicalJson, makeReport, type TLogbookSubject } from './logbook-service';
import { renderLogbookPdf } from './report-pdf';

/**
 * A period is judged by what was true in it (docs/logbook.md, "What was true in the period"): the
 * nodes placed at the location then, from when they came until they left, with their log interval
 * and channels as they were (device_versions, migration 0024). The fixtures load their history as
 * an import (the state holds from always); these tests end the import, as on a running portal.
 */
const ctx = useTestContext();
const NOW = new Date('2026-11-26T12:00:00Z');
let subject: TLogbookSubject;
let otherLocationId: number;

beforeEach(async () => {
  const db = ctx.database.db;
  await setHistoryImport(db, true);
  const { customerId, locationId } = await seedLogbookWorld(db);
  await db.insert(deviceParameters).values({ deviceEui: LOGBOOK_EUI, register: 2, value: { logInterval: 15 }, reported: { logInterval: 15 }, status: 'saved' });
  otherLocationId = await insertLocation(db, customerId, 'Zwembad Oost');
  // Channel 2 was calibrated before the period with no entry in the calibration log (an imported date).
  await db
    .update(deviceChannels)
    .set({ calibratedAt: new Date('2026-09-01T10:00:00Z') })
    .where(and(eq(deviceChannels.deviceEui, LOGBOOK_EUI), eq(deviceChannels.channelId, 'temperature2')));
  await setHistoryImport(db, false);
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  const [location] = await db.select().from(locations).where(eq(locations.id, locationId));
  subject = { scope: 'location', customer, location };
});

const versionsOf = (eui: string) =>
  queryRows<{ location_id: number | null; interval: number | null; mode: string | null; from_always: boolean }>(
    ctx.database.db,
    sql`SELECT location_id, (state->'parameters'->'2'->>'logInterval')::int AS interval, state->'channels'->0->>'mode' AS mode, valid_from = '-infinity' AS from_always
          FROM device_versions WHERE device_eui = ${eui} ORDER BY valid_from`,
  );

describe('a closed period is the same report whatever is changed after it', () => {
  it('report, change the log interval and a mode, register a node, move the node away, report again: the same bytes', async () => {
    const db = ctx.database.db;
    const before = await makeReport(db, subject, LOGBOOK_PERIOD, 'inspecteur@example.com', NOW);
    expect(before.locations[0].channels.map((channel) => [channel.channelId, channel.expectedReadings, channel.coverage])).toEqual([
      ['temperature1', 768, 0.9583],
      ['temperature2', 768, 0.9583],
      ['temperature3', 768, 0],
    ]);

    expect(before.locations[0].calibrationStatus[1]).toMatchObject({ channelId: 'temperature2', lastCalibrated: '2026-09-01T10:00:00.000Z' });

    // Today: the node confirms a log interval of 60 minutes, its hot channel becomes cold, channel 2
    // is calibrated again, a new node is registered at the location, and then the node moves away.
    await db.update(deviceParameters).set({ value: { logInterval: 60 }, reported: { logInterval: 60 } }).where(eq(deviceParameters.deviceEui, LOGBOOK_EUI));
    await db
      .update(deviceChannels)
      .set({ custom: { mode: 'KW', attachments: [] } })
      .where(and(eq(deviceChannels.deviceEui, LOGBOOK_EUI), eq(deviceChannels.channelId, 'temperature1')));
    await db
      .update(deviceChannels)
      .set({ calibratedAt: new Date() })
      .where(and(eq(deviceChannels.deviceEui, LOGBOOK_EUI), eq(deviceChannels.channelId, 'temperature2')));
    await insertDevice(db, { eui: '00000000000000E1', name: 'Nieuw', type: 'V2' });
    await db.update(devices).set({ customerId: subject.customer.id, locationId: subject.scope === 'location' ? subject.location.id : null }).where(eq(devices.eui, '00000000000000E1'));
    await db.update(devices).set({ locationId: otherLocationId }).where(eq(devices.eui, LOGBOOK_EUI));

    // And the location's rulebook, healthcare premises and address, and the customer's address, are changed.
    const locationId = subject.scope === 'location' ? subject.location.id : -1;
    await db.update(locations).set({ rulebook: 'DE', healthcare: true, address: 'Nieuwe Sportlaan 9' }).where(eq(locations.id, locationId));
    await db.update(customers).set({ address: 'Stadsplein 2' }).where(eq(customers.id, subject.customer.id));
    const [changedCustomer] = await db.select().from(customers).where(eq(customers.id, subject.customer.id));
    const [changedLocation] = await db.select().from(locations).where(eq(locations.id, locationId));
    subject = { scope: 'location', customer: changedCustomer, location: changedLocation };

    const after = await makeReport(db, subject, LOGBOOK_PERIOD, 'inspecteur@example.com', NOW);
    expect(canonicalJson(after)).toBe(canonicalJson(before));
    expect(after.sha256).toBe(before.sha256);
    const [pdfBefore, pdfAfter] = [await renderLogbookPdf(before, 'nl'), await renderLogbookPdf(after, 'nl')];
    expect(pdfAfter.equals(pdfBefore)).toBe(true);

    // The changes were recorded as versions from now on, so today's report does see them.
    // Today's report (a period that holds the changes) takes them.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const today = await makeReport(db, subject, { from: day, to: day }, 'inspecteur@example.com', new Date());
    expect(today.locations[0].rulebook).toMatchObject({ id: 'DE', healthcare: true });
    const versions = await versionsOf(LOGBOOK_EUI);
    expect(versions[0]).toMatchObject({ from_always: true, interval: 15, mode: 'WW' });
    expect(versions.at(-1)).toMatchObject({ from_always: false, location_id: otherLocationId, interval: 60, mode: 'KW' });
    // The new node: none while it was nowhere (in stock), one from its registration here on.
    const placed = await versionsOf('00000000000000E1');
    expect(placed).toEqual([expect.objectContaining({ from_always: false, location_id: subject.scope === 'location' ? subject.location.id : -1 })]);
  });

  it("what the node does between messages writes no version: the intake's updates of signal and battery", async () => {
    const db = ctx.database.db;
    const count = async () => (await versionsOf(LOGBOOK_EUI)).length;
    const start = await count();
    await db.update(devices).set({ loraTs: new Date(), rssi: -80, snr: 7, batteryVoltage: 3.5, counter: 99 }).where(eq(devices.eui, LOGBOOK_EUI));
    await db.update(deviceChannels).set({ value: 61.2, ts: new Date() }).where(eq(deviceChannels.deviceEui, LOGBOOK_EUI));
    // A setting sent but not confirmed yet: the node still logs as it reported.
    await db.update(deviceParameters).set({ value: { logInterval: 30 }, status: 'pending' }).where(eq(deviceParameters.deviceEui, LOGBOOK_EUI));
    expect(await count()).toBe(start);
    await db.update(deviceParameters).set({ reported: { logInterval: 30 }, status: 'saved' }).where(eq(deviceParameters.deviceEui, LOGBOOK_EUI));
    expect(await count()).toBe(start + 1);
  });
});

describe('a node counts from when it was placed until it left', () => {
  /** The node's versions as if it had come to the location on `placed` (and left on `left`). */
  async function placeNode(placed: string, left?: string) {
    const db = ctx.database.db;
    const locationId = subject.scope === 'location' ? subject.location.id : 0;
    const [current] = await queryRows<{ state: unknown }>(db, sql`SELECT state FROM device_versions WHERE device_eui = ${LOGBOOK_EUI} ORDER BY valid_from DESC LIMIT 1`);
    const state = JSON.stringify(current.state);
    await db.execute(sql`DELETE FROM device_versions WHERE device_eui = ${LOGBOOK_EUI}`);
    await db.execute(sql`INSERT INTO device_versions (device_eui, valid_from, location_id, state) VALUES
      (${LOGBOOK_EUI}, '-infinity', NULL, ${state}::jsonb), (${LOGBOOK_EUI}, ${placed}::timestamptz, ${locationId}, ${state}::jsonb)`);
    if (left) await db.execute(sql`INSERT INTO device_versions (device_eui, valid_from, location_id, state) VALUES (${LOGBOOK_EUI}, ${left}::timestamptz, ${otherLocationId}, ${state}::jsonb)`);
  }

  it('placed mid-period: no gap, offline stretch, water detection or missed flush from before it came', async () => {
    await placeNode('2026-10-08T00:00:00Z');
    const [section] = (await makeReport(ctx.database.db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    const [hot] = section.channels;
    // 2026-10-08T00:00Z to 2026-10-12T22:00Z: 118 hours, a reading every 15 minutes, none missing.
    expect(hot).toMatchObject({ readings: 472, expectedReadings: 472, coverage: 1, gaps: [], missedFlushes: [] });
    expect(section.alarms.map((alarm) => alarm.kind)).not.toContain('offline');
    expect(section.alarms.map((alarm) => alarm.kind)).not.toContain('waterDetection');
    expect(section.alarms.map((alarm) => alarm.kind)).toContain('lowBattery');
    // Flush weeks only over its time there: Thursday 8 to Sunday 11 October (4 of 7 days: their share,
    // 1 flush; 0 before issue 39), then Monday 12 October (1 day: 0).
    expect(section.flushWeeks.filter((week) => week.channelId === 'temperature1').map((week) => [week.week, week.required])).toEqual([
      ['2026-10-05', 1],
      ['2026-10-12', 0],
    ]);
  });

  it('moved away mid-period: counts until it left, and is still in the report', async () => {
    await placeNode('2026-10-01T00:00:00Z', '2026-10-07T00:00:00Z');
    const [section] = (await makeReport(ctx.database.db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(section.nodes).toBe(1);
    // 2026-10-04T22:00Z to 2026-10-07T00:00Z: 50 hours; the last reading before the outage at 10-06T23:45Z.
    expect(section.channels[0]).toMatchObject({ readings: 200, expectedReadings: 200, coverage: 1, gaps: [] });
    // Channel 3 has no sensor (a faulty run from the period's start); the water detection of 6 October.
    expect(section.alarms.map((alarm) => alarm.kind)).toEqual(['faultySensor', 'waterDetection']);
  });

  it('the log interval as it was in each part of its time: 15 minutes, then 60 from the confirmation on', async () => {
    const db = ctx.database.db;
    const locationId = subject.scope === 'location' ? subject.location.id : 0;
    const [current] = await queryRows<{ state: Record<string, unknown> }>(db, sql`SELECT state FROM device_versions WHERE device_eui = ${LOGBOOK_EUI} ORDER BY valid_from DESC LIMIT 1`);
    const hourly = JSON.stringify({ ...current.state, parameters: { 2: { logInterval: 60 } } });
    await db.execute(sql`INSERT INTO device_versions (device_eui, valid_from, location_id, state) VALUES (${LOGBOOK_EUI}, '2026-10-08T22:00:00Z', ${locationId}, ${hourly}::jsonb)`);
    const [section] = (await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    // 96 hours at 15 minutes and 96 hours at 60 minutes.
    expect(section.channels[0].expectedReadings).toBe(96 * 4 + 96);
  });

  it('a node registered after the period is not in it', async () => {
    const db = ctx.database.db;
    await db.update(devices).set({ locationId: null, customerId: null }).where(eq(devices.eui, LOGBOOK_EUI));
    await db.execute(sql`DELETE FROM device_versions WHERE device_eui = ${LOGBOOK_EUI} AND valid_from = '-infinity'`);
    await db.update(devices).set({ customerId: subject.customer.id, locationId: subject.scope === 'location' ? subject.location.id : null }).where(eq(devices.eui, LOGBOOK_EUI));
    const [section] = (await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(section.nodes).toBe(0);
    expect(section.channels).toEqual([]);
  });

  it("the migration places the nodes there now from their registration or move in the audit log, else from always", async () => {
    const db = ctx.database.db;
    const migration = splitStatements(fs.readFileSync(new URL('../../db/migrations/0024_device_versions.sql', import.meta.url), 'utf8'));
    const backfill = migration.slice(-2);
    expect(backfill.every((statement) => statement.includes('INSERT INTO "device_versions"'))).toBe(true);
    await db.insert(auditLogs).values({ deviceEui: LOGBOOK_EUI, ts: new Date('2026-10-08T00:00:00Z'), userEmail: 'monteur@example.com', value: { action: 'register', changes: {} } });
    await db.execute(sql`DELETE FROM device_versions`);
    for (const statement of backfill) await ctx.database.exec(statement);
    const [section] = (await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(section.channels[0]).toMatchObject({ readings: 472, expectedReadings: 472, gaps: [] });

    await db.execute(sql`DELETE FROM audit_logs WHERE value->>'action' = 'register'`);
    await db.execute(sql`DELETE FROM device_versions`);
    for (const statement of backfill) await ctx.database.exec(statement);
    const [always] = (await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(always.channels[0]).toMatchObject({ readings: 736, expectedReadings: 768 });
  });
});
