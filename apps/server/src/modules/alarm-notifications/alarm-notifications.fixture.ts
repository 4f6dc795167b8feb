import { sql } from 'drizzle-orm';
import { ZAlarmNotifications, type TAlarmKind, type TAlarmNotifications } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { users } from '../../db/schema';
import { insertCustomer, insertLocation } from '../../test/places-fixtures';
import { insertSubscriber, type TSubscriber } from '../../test/alert-fixtures';

/** The places of the alarm notification tests: customer A with a location and a node, customer B likewise. */
export interface TNotifyWorld {
  customerA: number;
  locationA: number;
  customerB: number;
  locationB: number;
}

export const NODE_A = '00000000000000a1';
export const NODE_B = '00000000000000b1';

export async function seedNotifyWorld(db: TDb): Promise<TNotifyWorld> {
  const customerA = await insertCustomer(db, 'Gemeente Utrecht');
  const locationA = await insertLocation(db, customerA, 'Stadhuis');
  const customerB = await insertCustomer(db, 'Zorggroep Noord');
  const locationB = await insertLocation(db, customerB, 'Kliniek');
  await db.execute(sql`INSERT INTO devices (eui, type, name, customer_id, location_id) VALUES
    (${NODE_A}, 'V2', 'Kraan <keuken>', ${customerA}, ${locationA}), (${NODE_B}, 'V2', 'Douche 3', ${customerB}, ${locationB})`);
  return { customerA, locationA, customerB, locationB };
}

/** A user with alarm notification preferences (the toggle columns mirror them, as the users service writes them). */
export async function insertNotifiedUser(db: TDb, user: TSubscriber, preferences: Partial<Omit<TAlarmNotifications, 'kinds'>> & { kinds?: Partial<Record<TAlarmKind, 'off' | 'immediately' | 'digest'>> }): Promise<number> {
  const parsed = ZAlarmNotifications.parse(preferences);
  const id = await insertSubscriber(db, { ...user, flush: parsed.kinds.flushAlarm === 'immediately', overflow: parsed.kinds.waterDetection === 'immediately' });
  await db.update(users).set({ alarmNotifications: parsed }).where(sql`id = ${id}`);
  return id;
}

/** An alarm row as the intake writes it (alarms-core): open, state new, not yet handed to the notifier. */
export async function insertAlarm(
  db: TDb,
  alarm: { kind: TAlarmKind; eui: string | null; customerId: number | null; locationId: number | null; openedAt: string; state?: string; channelId?: string },
): Promise<number> {
  const [row] = await rowShape({ id: column.number }).read(
    db,
    sql`INSERT INTO alarms (kind, device_eui, channel_id, customer_id, location_id, opened_at, state)
        VALUES (${alarm.kind}, ${alarm.eui}, ${alarm.channelId ?? ''}, ${alarm.customerId}, ${alarm.locationId}, ${alarm.openedAt}, ${alarm.state ?? 'new'}) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO alarm_events (alarm_id, at, action) VALUES (${row.id}, ${alarm.openedAt}, 'opened')`);
  return row.id;
}
