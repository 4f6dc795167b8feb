import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestContext } from '../../test/test-app';
import { queryRows, type TDb } from '../../db/database';
import { countOf } from '../../test/intake-fixtures';
import { insertCustomer, insertGateway, insertLocation } from '../../test/places-fixtures';
import { closeSubjects, observeOpenAlarm, openAlarmsOf, openSubjects, type TAlarmChange } from './alarm-store';
import { nodeSubject } from './alarm-subject';

/**
 * The alarm store (docs/alarms.md, "The alarm store"): one open alarm per kind and subject,
 * whoever opens it, each change with its step. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ctx = useTestContext();
let db: TDb;
let place: { customerId: number; locationId: number };

const NODE = '70B3D5499B00D001';
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

beforeEach(async () => {
  db = ctx.database.db;
  const customerId = await insertCustomer(db, 'Acme');
  place = { customerId, locationId: await insertLocation(db, customerId, 'Hal') };
});

describe('one open alarm per kind and subject', () => {
  const change = (patch: Partial<TAlarmChange>): TAlarmChange => ({ kind: 'faultySensor', subject: nodeSubject(NODE, 'temperature1'), at: T0, ...place, details: {}, ...patch });

  it('a second opening of an open subject writes nothing; another channel, or a gateway, is another subject', async () => {
    const gatewayId = await insertGateway(db, { ...place, name: 'dak', mac: '0016c001f1500009' });
    expect(await openSubjects(db, [change({})])).toBe(1);
    expect(await openSubjects(db, [change({ at: T0 + MINUTE })])).toBe(0);
    expect(await openSubjects(db, [change({ subject: nodeSubject(NODE, 'temperature2') })])).toBe(1);
    expect(await openSubjects(db, [change({ kind: 'gatewayOffline', subject: { type: 'gateway', gatewayId } })])).toBe(1);
    expect(await openSubjects(db, [change({ kind: 'gatewayOffline', subject: { type: 'gateway', gatewayId } })])).toBe(0);
    const rows = await queryRows<{ device_eui: string | null; gateway_id: number | null; channel_id: string }>(
      db,
      sql`SELECT device_eui, gateway_id, channel_id FROM alarms ORDER BY id`,
    );
    expect(rows).toEqual([
      { device_eui: NODE, gateway_id: null, channel_id: 'temperature1' },
      { device_eui: NODE, gateway_id: null, channel_id: 'temperature2' },
      { device_eui: null, gateway_id: gatewayId, channel_id: '' },
    ]);
    expect(await countOf(db, 'alarm_events', sql`action = 'opened'`)).toBe(3);
  });

  it('a sample point is a subject of its own: one open alarm per point; a later observation joins it with an observed step', async () => {
    const point = (samplePointId: number) => change({ kind: 'legionella', subject: { type: 'samplePoint', samplePointId }, details: { perLitre: 1200 } });
    expect(await openSubjects(db, [point(7)])).toBe(1);
    expect(await openSubjects(db, [point(7)])).toBe(0);
    expect(await openSubjects(db, [point(8)])).toBe(1);
    const [seven, eight, none] = await openAlarmsOf(db, 'legionella', [
      { type: 'samplePoint', samplePointId: 7 },
      { type: 'samplePoint', samplePointId: 8 },
      { type: 'samplePoint', samplePointId: 9 },
    ]);
    expect(seven?.details).toEqual({ perLitre: 1200 });
    expect(eight?.id).not.toBe(seven?.id);
    expect(none).toBeNull();
    await observeOpenAlarm(db, seven!.id, T0 + MINUTE, { perLitre: 3000 }, { resultId: 2 });
    expect((await openAlarmsOf(db, 'legionella', [{ type: 'samplePoint', samplePointId: 7 }]))[0]?.details).toEqual({ perLitre: 3000 });
    expect(await closeSubjects(db, [point(7)])).toBe(1);
    expect(await openAlarmsOf(db, 'legionella', [{ type: 'samplePoint', samplePointId: 7 }])).toEqual([null]);
    // A closed alarm takes no observation.
    await observeOpenAlarm(db, seven!.id, T0 + 2 * MINUTE, { perLitre: 1 }, {});
    const steps = await queryRows<{ action: string }>(db, sql`SELECT action FROM alarm_events WHERE alarm_id = ${seven!.id} ORDER BY id`);
    expect(steps.map((step) => step.action)).toEqual(['opened', 'observed', 'closed']);
    const rows = await queryRows<{ sample_point_id: number; device_eui: string | null }>(db, sql`SELECT sample_point_id::int AS sample_point_id, device_eui FROM alarms ORDER BY id`);
    expect(rows).toEqual([
      { sample_point_id: 7, device_eui: null },
      { sample_point_id: 8, device_eui: null },
    ]);
  });

  it('a closing closes the subject’s open alarm once, never before it opened, with its step; then the subject opens anew', async () => {
    await openSubjects(db, [change({})]);
    expect(await closeSubjects(db, [change({ at: T0 - MINUTE, details: { value: 21 } })])).toBe(1);
    expect(await closeSubjects(db, [change({ at: T0 + MINUTE })])).toBe(0);
    const [closed] = await queryRows<{ opened_at: Date | string; closed_at: Date | string }>(db, sql`SELECT opened_at, closed_at FROM alarms`);
    expect(new Date(closed.closed_at).getTime()).toBe(new Date(closed.opened_at).getTime());
    const steps = await queryRows<{ action: string; details: unknown }>(db, sql`SELECT action, details FROM alarm_events ORDER BY id`);
    expect(steps.map((step) => [step.action, typeof step.details === 'string' ? JSON.parse(step.details) : step.details])).toEqual([
      ['opened', {}],
      ['closed', { value: 21 }],
    ]);
    expect(await openSubjects(db, [change({ at: T0 + 2 * MINUTE })])).toBe(1);
    expect(await countOf(db, 'alarms')).toBe(2);
  });
});
