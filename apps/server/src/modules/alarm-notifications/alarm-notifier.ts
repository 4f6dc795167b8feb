import { sql } from 'drizzle-orm';
import {
  channelsOfKind,
  OUTBOX_CHANNELS,
  usableChannels,
  type TAlarmChannel,
  type TOutboxChannel,
  type TReachable,
  isItemDue,
  immediateMailPer,
  nextDigestAt,
  notificationModeFor,
  readStoredEscalation,
  uniqueAddresses,
  type TAlarmKind,
  type TNotifiedUser,
  type TStoredAlarmEscalation,
} from '@aquasmart/domain';
import { queryRows, type TDb, type TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { loadUsersWhere, type TAuthUser } from '../../identity/auth-user';
import { inCustomerScope, scopedCustomerIds } from '../../identity/customer-scope';
import { effectiveFlags, holdsEntry, isAdministrator } from '../../identity/rights';
import { insertMail, newMessageId } from '../alerts/alert-composer';
import { addAlarmSteps } from '../alarm-store/alarm-store';
import { readAlarmRows, type TAlarmRow } from '../alarm-store/alarm-rows';
import { composeAlarmMail, composeChannelContent, type TAlarmForMail } from './alarm-mail';
import { messageBody } from '../alarm-channels/channel-formats';
import { insertChannelMessages } from '../alarm-channels/channel-outbox';
import { ADVISORY_LOCKS } from '../../db/locks';

/**
 * The alarm notifications' jobs (docs/alarm-notifications.md, "Exactly once"). They read the
 * `alarms` table that the intake fills and write e-mails into the alerts' outbox
 * (`mail_messages`), whose sender delivers them; every step is one transaction that writes its
 * effect together with the mark that it is done, so a crash repeats a step or skips nothing:
 *
 * 1. queueAlarmNotifications: new alarms (notifications_at null) -> one item per user who chose
 *    the kind (immediately, or digest due at the next 07:00 in their zone); the alarm is marked.
 * 2. composeAlarmMails: due items -> one e-mail per user and mode; the items get the mail's id.
 * 3. escalateAlarms: alarms still `new` after their customer's time -> one e-mail per recipient,
 *    alarms.escalated_at and an 'escalated' timeline row.
 */

/** One server copy writes alarm e-mails at a time (the lock also serialises steps 2 and 3 within a copy). */
/** Alarms handed out, items gathered, alarms escalated per round; the loop runs again at once while work is left. */
const ALARMS_PER_ROUND = 500;
const ITEMS_PER_ROUND = 5000;

/** Whom the rights let see an alarm of this kind: as the e-mail alerts (docs/alerts.md), water detection needs overflowDetection or dashboard. */
export function maySeeAlarmKind(user: TAuthUser, kind: TAlarmKind): boolean {
  if (isAdministrator(user) || kind !== 'waterDetection') return true;
  const flags = effectiveFlags(user);
  return flags.overflowDetection === true || flags.dashboard === true;
}

/**
 * Whether a user may be an escalation recipient of a customer: sees the customer and the alarms
 * (the alarm read route, docs/alarms.md "Rights"), and for an alarm of a kind, that kind too.
 */
export function mayReceiveEscalation(user: TAuthUser, customerId: number, kind?: TAlarmKind): boolean {
  return inCustomerScope(user, customerId) && holdsEntry(user, 'GetAlarm', ['route']) && (kind === undefined || maySeeAlarmKind(user, kind));
}

async function customerIdsByName(tx: TDbOrTx): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM customers`);
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** The user as the pure rules see them: chosen customers by id (a name no longer known chooses nothing). */
function notifiedUser(user: TAuthUser, ids: Map<string, number>): TNotifiedUser {
  const chosen = user.alarmNotifications.customers;
  return {
    preferences: {
      ...user.alarmNotifications,
      customers: chosen === 'all' ? 'all' : chosen.flatMap((name) => (ids.has(name) ? [ids.get(name)!] : [])),
    },
    scope: scopedCustomerIds(user),
    maySeeKind: (kind) => maySeeAlarmKind(user, kind),
  };
}

/** Users with at least one kind not off (the jsonb holds 'immediately' or 'digest' somewhere in kinds). */
function loadNotifiedUsers(tx: TDbOrTx): Promise<TAuthUser[]> {
  return loadUsersWhere(
    tx,
    sql`EXISTS (SELECT 1 FROM jsonb_each_text(coalesce(alarm_notifications->'kinds', '{}'::jsonb)) AS k WHERE k.value IN ('immediately', 'digest'))`,
  );
}

async function tryLock(tx: TDbOrTx): Promise<boolean> {
  const [lock] = await queryRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.alarmNotifier}) AS locked`);
  return lock.locked;
}

const newAlarm = rowShape({ id: column.number, kind: column.as<TAlarmKind>(), customer_id: column.as<number | null>() });
const notificationItem = rowShape({
  id: column.number,
  user_id: column.as<number>(),
  alarm_id: column.number,
  mode: column.as<'immediately' | 'digest'>(),
  due_at: column.date,
});
const alarmId = rowShape({ id: column.number });

/** Step 1: new alarms become notification items, the alarms marked in the same transaction. Answers how many alarms it took. */
export async function queueAlarmNotifications(db: TDb, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await tryLock(tx))) return 0;
    const alarms = await newAlarm.read(
      tx,
      sql`SELECT id, kind, customer_id FROM alarms WHERE notifications_at IS NULL ORDER BY id LIMIT ${ALARMS_PER_ROUND} FOR UPDATE SKIP LOCKED`,
    );
    if (alarms.length === 0) return 0;
    const users = await loadNotifiedUsers(tx);
    const ids = await customerIdsByName(tx);
    const items = users.flatMap((user) => {
      const who = notifiedUser(user, ids);
      return alarms.flatMap((alarm) => {
        const mode = notificationModeFor(who, { kind: alarm.kind, customerId: alarm.customer_id });
        // A flush alarm's or water detection's "immediately" e-mail went out per reading, with the reading (the alarm store);
        // its Teams, Slack or SMS message is the notifier's, per alarm.
        if (mode === 'off' || (mode === 'immediately' && immediateMailPer(alarm.kind) === 'reading' && !channelsFor(user, alarm.kind).some(isOutboxChannel))) return [];
        const dueAt = mode === 'digest' ? nextDigestAt(now, user.alarmNotifications.timeZone) : now;
        return [{ user_id: user.id, alarm_id: alarm.id, mode, due_at: dueAt.toISOString() }];
      });
    });
    if (items.length) {
      await tx.execute(sql`INSERT INTO alarm_notification_items (user_id, alarm_id, mode, due_at)
        SELECT r.user_id, r.alarm_id, r.mode, r.due_at FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS r(user_id int, alarm_id bigint, mode text, due_at timestamptz)
        ON CONFLICT (alarm_id, user_id) DO NOTHING`);
    }
    await tx.execute(sql`UPDATE alarms SET notifications_at = ${now.toISOString()} WHERE id IN (${sql.join(
      alarms.map((alarm) => sql`${alarm.id}`),
      sql`, `,
    )})`);
    return alarms.length;
  });
}

/** The alarms with their names as they are now. */
async function loadAlarms(tx: TDbOrTx, ids: readonly number[]): Promise<Map<number, TAlarmRow>> {
  return new Map((await readAlarmRows(tx, ids)).map((row) => [row.id, row]));
}

export function forMail(row: TAlarmRow): TAlarmForMail {
  return {
    id: row.id,
    kind: row.kind,
    deviceEui: row.deviceEui,
    deviceName: row.deviceName,
    gatewayName: row.gatewayName,
    samplePointName: row.samplePointName,
    outletName: row.outletName,
    channelId: row.channelId,
    customerName: row.customerName,
    locationName: row.locationName,
    openedAt: new Date(row.openedAt),
    closedAt: row.closedAt === null ? null : new Date(row.closedAt),
    state: row.state,
  };
}

const displayName = (user: TAuthUser) => [user.firstName, user.lastName].filter(Boolean).join(' ').trim();

/**
 * Step 2: the due items become e-mails, one per user and mode (all of a user's due alarms in one
 * e-mail), the items marked with the e-mail's id in the same transaction. Immediate items wait
 * while the user's quiet hours last. Answers how many e-mails it wrote.
 */
export async function composeAlarmMails(db: TDb, publicUrl: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await tryLock(tx))) return 0;
    const items = await notificationItem.read(
      tx,
      sql`SELECT id, user_id, alarm_id, mode, due_at FROM alarm_notification_items
          WHERE mail_id IS NULL AND done_at IS NULL AND due_at <= ${now.toISOString()} ORDER BY id LIMIT ${ITEMS_PER_ROUND}`,
    );
    if (items.length === 0) return 0;
    const users = await loadUsersWhere(
      tx,
      sql`id IN (${sql.join(
        [...new Set(items.map((item) => item.user_id))].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const alarms = await loadAlarms(tx, [...new Set(items.map((item) => item.alarm_id))]);
    let written = 0;
    for (const user of users) {
      for (const mode of ['immediately', 'digest'] as const) {
        const due = items.filter(
          (item) => item.user_id === user.id && item.mode === mode && isItemDue({ mode, dueAt: item.due_at }, now, user.alarmNotifications),
        );
        // The user may have lost the customer since (scope changed): such items are closed without an e-mail.
        const visible = due.filter((item) => {
          const alarm = alarms.get(item.alarm_id);
          return alarm !== undefined && (alarm.customerId === null ? scopedCustomerIds(user) === null : inCustomerScope(user, alarm.customerId));
        });
        let mailId: number | null = null;
        const recipient = { name: displayName(user), language: user.language, timeZone: user.alarmNotifications.timeZone };
        // Each item by the channels the user chose for its kind (docs/alarm-notifications.md, "Channels"); a flush alarm's or
        // water detection's immediate e-mail went out per reading already.
        const byEmail = visible.filter((item) => {
          const kind = alarms.get(item.alarm_id)!.kind;
          return channelsFor(user, kind).includes('email') && !(mode === 'immediately' && immediateMailPer(kind) === 'reading');
        });
        const messages = OUTBOX_CHANNELS.flatMap((channel) => {
          const carried = visible.filter((item) => channelsFor(user, alarms.get(item.alarm_id)!.kind).includes(channel));
          if (carried.length === 0) return [];
          const content = composeChannelContent(mode, recipient, carried.map((item) => forMail(alarms.get(item.alarm_id)!)), publicUrl);
          return [{ channel, purpose: mode === 'digest' ? ('alarmDigest' as const) : ('alarms' as const), userId: user.id, recipient: recipientOf(user, channel)!, body: messageBody(channel, content), alarmIds: carried.map((item) => item.alarm_id) }];
        });
        await insertChannelMessages(tx, messages, now);
        written += messages.length;
        if (byEmail.length) {
          const content = composeAlarmMail(
            mode,
            recipient,
            byEmail.map((item) => forMail(alarms.get(item.alarm_id)!)),
            publicUrl,
          );
          mailId = await insertMail(tx, {
            ...content,
            userId: user.id,
            kind: mode === 'digest' ? 'alarmDigest' : 'alarms',
            recipient: user.email,
            language: user.language,
            messageId: newMessageId(publicUrl),
          });
          written += 1;
        }
        if (due.length) {
          // Items of alarms the user may no longer see stop waiting (deleted): there is nothing to send.
          await markItems(tx, byEmail, mailId);
          await markDone(tx, visible, now);
          await dropItems(
            tx,
            due.filter((item) => !visible.includes(item)),
          );
        }
      }
    }
    return written;
  });
}

async function markItems(tx: TDbOrTx, items: readonly { id: number }[], mailId: number | null): Promise<void> {
  if (items.length === 0 || mailId === null) return;
  await tx.execute(sql`UPDATE alarm_notification_items SET mail_id = ${mailId} WHERE id IN (${sql.join(
    items.map((item) => sql`${item.id}`),
    sql`, `,
  )})`);
}

async function markDone(tx: TDbOrTx, items: readonly { id: number }[], now: Date): Promise<void> {
  if (items.length === 0) return;
  await tx.execute(sql`UPDATE alarm_notification_items SET done_at = ${now.toISOString()} WHERE id IN (${sql.join(
    items.map((item) => sql`${item.id}`),
    sql`, `,
  )})`);
}

/**
 * The channels an alarm of this kind reaches the user by: those chosen for the kind that can carry
 * a message now (a URL set, the phone verified); e-mail when none can, so an alarm is never lost to
 * a removed number or URL.
 */
export function channelsFor(user: TAuthUser, kind: TAlarmKind): TAlarmChannel[] {
  const usable = usableChannels(channelsOfKind(user.alarmNotifications.channels, kind), reachOf(user));
  return usable.length ? usable : ['email'];
}

export function reachOf(user: TAuthUser): TReachable {
  return { teamsUrl: user.alarmNotifications.teamsUrl, slackUrl: user.alarmNotifications.slackUrl, phone: user.phoneVerified ? user.phone : null };
}

/** Where a channel's message to the user goes: the webhook URL or the verified phone number. */
export function recipientOf(user: TAuthUser, channel: TOutboxChannel): string | null {
  const reach = reachOf(user);
  return channel === 'teams' ? reach.teamsUrl : channel === 'slack' ? reach.slackUrl : reach.phone;
}

const isOutboxChannel = (channel: TAlarmChannel): channel is TOutboxChannel => (OUTBOX_CHANNELS as readonly string[]).includes(channel);

async function dropItems(tx: TDbOrTx, items: readonly { id: number }[]): Promise<void> {
  if (items.length === 0) return;
  await tx.execute(sql`DELETE FROM alarm_notification_items WHERE id IN (${sql.join(
    items.map((item) => sql`${item.id}`),
    sql`, `,
  )})`);
}

interface TEscalationRecipient {
  address: string;
  userId: number | null;
  name: string;
  language: string;
  timeZone: string;
  /** The round's alarms this recipient gets: a user those whose kind they may see, a plain address all. */
  alarms: TAlarmRow[];
}

/** Each customer's escalation setting (customers.alarm_escalation), read leniently. */
async function escalationsOf(tx: TDbOrTx, customerIds: readonly number[]): Promise<Map<number, TStoredAlarmEscalation>> {
  if (customerIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; escalation: unknown }>(tx, sql`SELECT id, alarm_escalation AS escalation FROM customers WHERE id = ANY(${sql.param([...customerIds])})`);
  return new Map(rows.map((row) => [row.id, readStoredEscalation(row.escalation)]));
}

/**
 * Step 3: alarms nobody acknowledged (state still `new`, whether or not the condition is still
 * present) within their customer's escalation time go once to the customer's escalation
 * recipients: one e-mail per recipient and customer listing that round's alarms; the alarms get
 * escalated_at and an 'escalated' timeline row naming the recipients, in the same transaction.
 * Users among the recipients who may no longer see the customer or its alarms are left out, and a
 * user gets only the alarms of kinds they may see (`mayReceiveEscalation`). Answers how many
 * alarms escalated.
 */
export async function escalateAlarms(db: TDb, publicUrl: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await tryLock(tx))) return 0;
    const due = await alarmId.read(
      tx,
      sql`SELECT a.id FROM alarms a JOIN customers c ON c.id = a.customer_id
          WHERE a.state = 'new' AND a.escalated_at IS NULL
            AND jsonb_array_length(coalesce(c.alarm_escalation->'emails', '[]'::jsonb)) + jsonb_array_length(coalesce(c.alarm_escalation->'users', '[]'::jsonb)) > 0
            AND a.opened_at <= ${now.toISOString()}::timestamptz - coalesce((c.alarm_escalation->>'minutes')::int, 240) * interval '1 minute'
          ORDER BY a.id LIMIT ${ALARMS_PER_ROUND} FOR UPDATE OF a SKIP LOCKED`,
    );
    if (due.length === 0) return 0;
    const alarms = await loadAlarms(
      tx,
      due.map((row) => row.id),
    );
    const byCustomer = new Map<number, TAlarmRow[]>();
    for (const alarm of alarms.values()) {
      if (alarm.customerId === null) continue;
      byCustomer.set(alarm.customerId, [...(byCustomer.get(alarm.customerId) ?? []), alarm]);
    }
    const escalations = await escalationsOf(tx, [...byCustomer.keys()]);
    const userIds = [...escalations.values()].flatMap((escalation) => escalation.users);
    const users = userIds.length
      ? await loadUsersWhere(
          tx,
          sql`id IN (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      : [];
    for (const [customerId, rows] of byCustomer) {
      const escalation = escalations.get(customerId)!;
      const recipients: TEscalationRecipient[] = [
        ...users
          .filter((user) => escalation.users.includes(user.id))
          .map((user) => ({
            address: user.email,
            userId: user.id,
            name: displayName(user),
            language: user.language,
            timeZone: user.alarmNotifications.timeZone,
            alarms: rows.filter((row) => mayReceiveEscalation(user, customerId, row.kind)),
          })),
        ...escalation.emails.map((address) => ({ address, userId: null, name: '', language: 'nl', timeZone: 'Europe/Amsterdam', alarms: rows })),
      ];
      const unique = uniqueAddresses(recipients.filter((recipient) => recipient.alarms.length > 0).map((recipient) => recipient.address)).map(
        (address) => recipients.find((recipient) => recipient.address === address && recipient.alarms.length > 0)!,
      );
      const carried: { alarmId: number; mailId: number }[] = [];
      for (const recipient of unique) {
        const content = composeAlarmMail(
          'escalation',
          { name: recipient.name, language: recipient.language, timeZone: recipient.timeZone },
          recipient.alarms.map(forMail),
          publicUrl,
          { minutes: escalation.minutes, customer: rows[0].customerName ?? '' },
        );
        const mailId = await insertMail(tx, {
          ...content,
          userId: recipient.userId,
          kind: 'alarmEscalation',
          recipient: recipient.address,
          language: recipient.language,
          messageId: newMessageId(publicUrl),
        });
        for (const alarm of recipient.alarms) carried.push({ alarmId: alarm.id, mailId });
      }
      const alarmIds = rows.map((row) => row.id);
      const idList = sql.join(
        alarmIds.map((id) => sql`${id}`),
        sql`, `,
      );
      if (carried.length) {
        await tx.execute(sql`INSERT INTO alarm_escalation_items (alarm_id, mail_id)
          SELECT c.a, c.m FROM jsonb_to_recordset(${JSON.stringify(carried.map((item) => ({ a: item.alarmId, m: item.mailId })))}::jsonb) AS c(a bigint, m bigint)`);
      }
      await tx.execute(sql`UPDATE alarms SET escalated_at = ${now.toISOString()}, updated_at = now() WHERE id IN (${idList})`);
      await addAlarmSteps(
        tx,
        alarmIds.map((id) => ({
          alarmId: id,
          action: 'escalated',
          at: now.toISOString(),
          details: { recipients: unique.filter((recipient) => recipient.alarms.some((alarm) => alarm.id === id)).map((recipient) => recipient.address), minutes: escalation.minutes },
        })),
      );
    }
    return due.length;
  });
}
