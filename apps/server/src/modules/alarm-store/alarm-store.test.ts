import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestContext } from '../../test/test-app';
import { queryRows, type TDb } from '../../db/database';
import { countOf } from '../../test/intake-fixtures';
import { insertCustomer, insertGateway, insertLocation } from '../../test/places-fixtures';
import { closeSubjects, openSubjects, type TAlarmChange } from './alarm-store';
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
