import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/database';
import { minutesToClock } from '@aquasmart/domain';
import { useTestContext } from '../../test/test-app';
import { caller, restrictUser } from '../../test/places-fixtures';
import { MAIL_FROM, PUBLIC_URL } from '../../test/alert-fixtures';
import { startTestSmtpServer, type TTestSmtpServer } from '../../test/smtp-fixture';
import { sendDueMails } from '../alerts/mail-sender';
import { composeDueAlertMails } from '../alerts/alert-composer';
import { recordAlarms } from '../alerts/alert-outbox';
import { smtpTransport, type TMailTransport } from '../alerts/mail-transport';
import { composeAlarmMails, escalateAlarms, queueAlarmNotifications } from './alarm-notifier';
import { insertAlarm, insertNotifiedUser, NODE_A, NODE_B, seedNotifyWorld, type TNotifyWorld } from './alarm-notifications.fixture';

/**
 * Alarm notifications end to end (docs/alarm-notifications.md): alarm rows as the intake writes
 * them, the notifier's steps with a fixed clock, the alerts' outbox sender and the real
 * nodemailer SMTP transport talking to a real SMTP server (smtp-server) started here.
 */

const ctx = useTestContext({ mail: { smtpUrl: 'smtp://127.0.0.1:9', from: MAIL_FROM } });
let db: TDb;
let world: TNotifyWorld;
let smtp: TTestSmtpServer;
let transport: TMailTransport;

/** 10:00 on a winter Thursday in Amsterdam (09:00 UTC). */
const MORNING = '2026-01-15T09:00:00Z';
const at = (iso: string) => new Date(iso);

/** One round of the notifier at `now`, then the sender (what the two background loops do). */
async function round(now: string, send = true): Promise<void> {
  await queueAlarmNotifications(db, at(now));
  await composeAlarmMails(db, PUBLIC_URL, at(now));
  await escalateAlarms(db, PUBLIC_URL, at(now));
  if (send) await sendDueMails(db, transport, { lockWhileSending: ctx.database.kind === 'postgres' });
}

async function outbox(): Promise<{ kind: string; recipient: string; state: string }[]> {
  return queryRows(db, sql`SELECT kind, recipient, state FROM mail_messages ORDER BY id`);
}

/** Lets the SMTP server's last answers arrive, then says how many it holds. */
async function settle(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return smtp.received.length;
}

beforeEach(async () => {
  db = ctx.database.system;
  world = await seedNotifyWorld(db);
  smtp = await startTestSmtpServer();
  transport = smtpTransport(smtp.url, MAIL_FROM);
});

afterEach(async () => {
  transport.close();
  await smtp.stop();
});

describe('immediately', () => {
  it('a new alarm goes once to each user who chose its kind and may see its customer; nobody else', async () => {
    await insertNotifiedUser(db, { email: 'piet@example.com', customers: [world.customerA] }, { kinds: { offline: 'immediately' } });
    await insertNotifiedUser(db, { email: 'admin@example.com', administrator: true, language: 'en' }, { kinds: { offline: 'immediately' }, timeZone: 'Europe/London' });
    await insertNotifiedUser(db, { email: 'klaas@example.com', customers: [world.customerB] }, { kinds: { offline: 'immediately' } });
    await insertNotifiedUser(db, { email: 'mies@example.com', customers: [world.customerA] }, { kinds: { offline: 'off', lowBattery: 'immediately' } });
    await insertNotifiedUser(db, { email: 'jet@example.com' }, { kinds: { offline: 'immediately' }, customers: ['Zorggroep Noord'] });
    const id = await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });

    await round(MORNING);
    const received = await smtp.waitFor(2);
    await round('2026-01-15T09:05:00Z');
    expect(await settle()).toBe(2);
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(['admin@example.com', 'piet@example.com']);

    const piet = received.find((mail) => mail.to[0] === 'piet@example.com')!;
    expect(piet.subject).toBe('Node offline: Kraan <keuken> (Gemeente Utrecht)');
    expect(piet.text).toContain(`${PUBLIC_URL}/alarms/${id}`);
    expect(piet.html).toContain(`href="${PUBLIC_URL}/alarms/${id}"`);
    expect(piet.html).toContain('Kraan &lt;keuken&gt;');
    expect(piet.text).toContain('Ontstaan 15-01-2026 10:00');
    expect(piet.text).toContain('Klant Gemeente Utrecht, locatie Stadhuis');
    const admin = received.find((mail) => mail.to[0] === 'admin@example.com')!;
    expect(admin.subject).toBe('Node offline: Kraan <keuken> (Gemeente Utrecht)');
    // The recipient's time zone: 09:00 UTC is 09:00 in London.
    expect(admin.text).toContain('Opened 15 Jan 2026 09:00');
    expect(admin.text).toContain('Times in Europe/London.');
    expect((await outbox()).map((mail) => [mail.kind, mail.state])).toEqual([
      ['alarms', 'sent'],
      ['alarms', 'sent'],
    ]);
  });

  it('quiet hours hold an immediate e-mail until they end; several alarms then go in one e-mail', async () => {
    await insertNotifiedUser(db, { email: 'piet@example.com', customers: [world.customerA] }, { kinds: { offline: 'immediately', lowBattery: 'immediately' }, quietHours: { from: '22:00', to: '07:00' } });
    // 23:30 and 02:00 Amsterdam time.
    await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: '2026-01-15T22:30:00Z' });
    await round('2026-01-15T22:30:00Z');
    await insertAlarm(db, { kind: 'lowBattery', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: '2026-01-16T01:00:00Z' });
    await round('2026-01-16T01:00:00Z');
    await round('2026-01-16T05:59:00Z');
    expect(await settle()).toBe(0);
    expect(await outbox()).toEqual([]);
    // 07:00 in Amsterdam.
    await round('2026-01-16T06:00:00Z');
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe('2 nieuwe alarmen van het Aquasmart-portaal');
    await round('2026-01-16T06:10:00Z');
    expect(await settle()).toBe(1);
  });

  it('flush alarms and water detections "immediately" stay with the e-mail alerts (docs/alerts.md): not sent twice', async () => {
    await insertNotifiedUser(db, { email: 'piet@example.com', customers: [world.customerA], rights: { overflowDetection: true } }, { kinds: { flushAlarm: 'immediately', waterDetection: 'immediately' } });
    await insertAlarm(db, { kind: 'flushAlarm', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    await insertAlarm(db, { kind: 'waterDetection', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    await round(MORNING);
    expect(await settle()).toBe(0);
    expect(await queryRows(db, sql`SELECT id FROM alarm_notification_items`)).toEqual([]);
  });
});

describe('daily digest', () => {
  it('at 07:00 in the user’s zone, once, listing the alarms since; another customer’s user gets nothing', async () => {
    await insertNotifiedUser(db, { email: 'piet@example.com', customers: [world.customerA] }, { kinds: { offline: 'digest', flushAlarm: 'digest' } });
    await insertNotifiedUser(db, { email: 'klaas@example.com', customers: [world.customerB] }, { kinds: { offline: 'digest', flushAlarm: 'digest' } });
    const first = await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    const second = await insertAlarm(db, { kind: 'flushAlarm', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: '2026-01-15T15:00:00Z' });
    await round(MORNING);
    await round('2026-01-15T15:00:00Z');
    await round('2026-01-16T05:59:59Z');
    expect(await settle()).toBe(0);
    await round('2026-01-16T06:00:00Z');
    const [digest] = await smtp.waitFor(1);
    expect(digest.to).toEqual(['piet@example.com']);
    expect(digest.subject).toBe('Dagelijks overzicht: 2 alarmen van het Aquasmart-portaal');
    expect(digest.text).toContain(`/alarms/${first}`);
    expect(digest.text).toContain(`/alarms/${second}`);
    expect(digest.text.indexOf(`/alarms/${first}`)).toBeLessThan(digest.text.indexOf(`/alarms/${second}`));
    await round('2026-01-16T06:30:00Z');
    await round('2026-01-17T06:00:00Z');
    expect(await settle()).toBe(1);
    expect((await outbox()).map((mail) => mail.kind)).toEqual(['alarmDigest']);
  });

  it('a zone in summer time: 07:00 there is 05:00 UTC', async () => {
    await insertNotifiedUser(db, { email: 'piet@example.com' }, { kinds: { offline: 'digest' } });
    await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: '2026-07-01T12:00:00Z' });
    await round('2026-07-01T12:00:00Z');
    await round('2026-07-02T04:59:00Z');
    expect(await settle()).toBe(0);
    await round('2026-07-02T05:00:00Z');
    expect((await smtp.waitFor(1))[0].to).toEqual(['piet@example.com']);
  });
});

describe('escalation', () => {
  it('an alarm nobody acknowledged within the customer’s time goes once to its addresses and users, with a timeline row', async () => {
    const call = caller(ctx);
    const tokens = await ctx.signedInUsers({ editor: { rights: { editCustomer: true } } });
    await insertNotifiedUser(db, { email: 'piet@example.com', customers: [world.customerA], rights: { dashboard: true } }, {});
    await insertNotifiedUser(db, { email: 'klaas@example.com', customers: [world.customerB], rights: { dashboard: true } }, {});
    // klaas may not see customer A: refused as an escalation user.
    const refused = await call(tokens.editor, 'PATCH', '/customers/Gemeente%20Utrecht/alarmEscalation', { minutes: 240, emails: ['chef@example.com'], users: ['klaas@example.com'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'users.0': 'validation.invalid' });
    const saved = await call(tokens.editor, 'PATCH', '/customers/Gemeente%20Utrecht/alarmEscalation', { emails: ['chef@example.com', 'CHEF@example.com'], users: ['piet@example.com'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ minutes: 240, emails: ['chef@example.com'], users: ['piet@example.com'], stages: [] });
    expect((await call(tokens.editor, 'GET', '/customers/Gemeente%20Utrecht/alarmEscalation')).json()).toEqual(saved.json());

    const late = await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    const seen = await insertAlarm(db, { kind: 'lowBattery', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING, state: 'acknowledged' });
    const other = await insertAlarm(db, { kind: 'offline', eui: NODE_B, customerId: world.customerB, locationId: world.locationB, openedAt: MORNING });
    await round('2026-01-15T12:59:00Z');
    expect(await settle()).toBe(0);
    await round('2026-01-15T13:00:00Z');
    const received = await smtp.waitFor(2);
    await round('2026-01-15T18:00:00Z');
    expect(await settle()).toBe(2);
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(['chef@example.com', 'piet@example.com']);
    expect(received[0].subject).toBe('Niet bevestigd na 240 minuten: Node offline bij Kraan <keuken> (Gemeente Utrecht)');
    expect(received[0].text).toContain(`${PUBLIC_URL}/alarms/${late}`);

    const alarms = await queryRows<{ id: number; escalated: boolean }>(db, sql`SELECT id::int AS id, escalated_at IS NOT NULL AS escalated FROM alarms ORDER BY id`);
    expect(alarms).toEqual([
      { id: late, escalated: true },
      { id: seen, escalated: false },
      { id: other, escalated: false },
    ]);
    const events = await queryRows<{ alarm_id: number; action: string; details: { recipients: string[] } }>(
      db,
      sql`SELECT alarm_id::int AS alarm_id, action, details FROM alarm_events WHERE action = 'escalated'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ alarm_id: late, details: { recipients: ['piet@example.com', 'chef@example.com'] } });
    expect((await outbox()).map((mail) => mail.kind)).toEqual(['alarmEscalation', 'alarmEscalation']);
    // The outbox screen counts the alarms an e-mail carried.
    const tokensAdmin = await ctx.signedInUsers({ boss: { administrator: true } });
    const listed = await call(tokensAdmin.boss, 'GET', '/mailOutbox');
    expect(listed.json().map((mail: { kind: string; alerts: number }) => [mail.kind, mail.alerts])).toEqual([
      ['alarmEscalation', 1],
      ['alarmEscalation', 1],
    ]);
  });

  it('a recipient gets only the alarm kinds their rights let them see; a user who may not see alarms is refused', async () => {
    const call = caller(ctx);
    const tokens = await ctx.signedInUsers({ editor: { rights: { editCustomer: true } } });
    await insertNotifiedUser(db, { email: 'piet@example.com', customers: [world.customerA], rights: { dashboard: true } }, {});
    // editNode sees alarms but not water detections (docs/alarm-notifications.md, "Who gets an alarm").
    await insertNotifiedUser(db, { email: 'kees@example.com', customers: [world.customerA], rights: { editNode: true } }, {});
    await insertNotifiedUser(db, { email: 'bert@example.com', customers: [world.customerA], rights: { products: true } }, {});
    const path = '/customers/Gemeente%20Utrecht/alarmEscalation';
    const refused = await call(tokens.editor, 'PATCH', path, { users: ['piet@example.com', 'bert@example.com'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'users.1': 'validation.invalid' });
    expect((await call(tokens.editor, 'PATCH', path, { emails: ['chef@example.com'], users: ['piet@example.com', 'kees@example.com'] })).statusCode).toBe(200);

    const offline = await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    const water = await insertAlarm(db, { kind: 'waterDetection', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    await round('2026-01-15T13:00:00Z');
    const received = await smtp.waitFor(3);
    expect(await settle()).toBe(3);
    const links = (address: string) => {
      const mail = received.find((candidate) => candidate.to[0] === address)!;
      return [offline, water].filter((id) => new RegExp(`/alarms/${id}(?!\\d)`).test(mail.text));
    };
    expect(links('piet@example.com')).toEqual([offline, water]);
    expect(links('chef@example.com')).toEqual([offline, water]);
    expect(links('kees@example.com')).toEqual([offline]);
    const events = await queryRows<{ alarm_id: number; recipients: string[] }>(
      db,
      sql`SELECT alarm_id::int AS alarm_id, details->'recipients' AS recipients FROM alarm_events WHERE action = 'escalated' ORDER BY alarm_id`,
    );
    expect(events).toEqual([
      { alarm_id: offline, recipients: ['piet@example.com', 'kees@example.com', 'chef@example.com'] },
      { alarm_id: water, recipients: ['piet@example.com', 'chef@example.com'] },
    ]);
    const carried = await queryRows<{ recipient: string; alarms: number }>(
      db,
      sql`SELECT m.recipient, count(*)::int AS alarms FROM alarm_escalation_items i JOIN mail_messages m ON m.id = i.mail_id GROUP BY m.recipient ORDER BY m.recipient`,
    );
    expect(carried).toEqual([
      { recipient: 'chef@example.com', alarms: 2 },
      { recipient: 'kees@example.com', alarms: 1 },
      { recipient: 'piet@example.com', alarms: 2 },
    ]);
  });

  it('a customer without recipients does not escalate; a user without editCustomer may read but not change', async () => {
    const call = caller(ctx);
    const tokens = await ctx.signedInUsers({ reader: { rights: { dashboard: true } } });
    expect((await call(tokens.reader, 'GET', '/customers/Gemeente%20Utrecht/alarmEscalation')).json()).toEqual({ minutes: 240, emails: [], users: [], stages: [] });
    expect((await call(tokens.reader, 'PATCH', '/customers/Gemeente%20Utrecht/alarmEscalation', { emails: ['x@example.com'] })).statusCode).toBe(403);
    await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    await round('2026-01-16T09:00:00Z');
    expect(await settle()).toBe(0);
  });
});

describe('exactly once', () => {
  it('a crash between alarm and delivery: the restarted jobs write nothing twice and the e-mail arrives once', async () => {
    await insertNotifiedUser(db, { email: 'piet@example.com', customers: [world.customerA] }, { kinds: { offline: 'immediately' } });
    await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    // The notifier wrote the e-mail, then the process died before the sender ran.
    await round(MORNING, false);
    expect((await outbox()).map((mail) => mail.state)).toEqual(['pending']);
    // After the restart every step runs again.
    await round('2026-01-15T09:01:00Z', false);
    expect((await outbox()).map((mail) => mail.state)).toEqual(['pending']);
    await round('2026-01-15T09:02:00Z');
    await smtp.waitFor(1);
    await round('2026-01-15T09:03:00Z');
    expect(await settle()).toBe(1);
  });

  it('a transaction that fails half way leaves the alarm to be handed out again, not lost', async () => {
    await insertNotifiedUser(db, { email: 'piet@example.com', customers: [world.customerA] }, { kinds: { offline: 'immediately' } });
    await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    // Items that cannot be written (a broken table) roll the whole step back, the alarm's mark included.
    await db.execute(sql`ALTER TABLE alarm_notification_items ADD CONSTRAINT broken CHECK (mode = 'never')`);
    await expect(queueAlarmNotifications(db, at(MORNING))).rejects.toThrow();
    expect(await queryRows(db, sql`SELECT id FROM alarms WHERE notifications_at IS NULL`)).toHaveLength(1);
    await db.execute(sql`ALTER TABLE alarm_notification_items DROP CONSTRAINT broken`);
    await round(MORNING);
    await smtp.waitFor(1);
    expect(await settle()).toBe(1);
  });

  it('a mail server outage: the e-mail waits in the outbox and arrives once when the server is back', async () => {
    await insertNotifiedUser(db, { email: 'piet@example.com', customers: [world.customerA] }, { kinds: { offline: 'immediately' } });
    await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    const down = smtpTransport('smtp://127.0.0.1:9', MAIL_FROM);
    await queueAlarmNotifications(db, at(MORNING));
    await composeAlarmMails(db, PUBLIC_URL, at(MORNING));
    await sendDueMails(db, down, { lockWhileSending: ctx.database.kind === 'postgres' });
    down.close();
    const [waiting] = await queryRows<{ state: string; attempts: number }>(db, sql`SELECT state, attempts FROM mail_messages`);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    await db.execute(sql`UPDATE mail_messages SET next_attempt_at = now()`);
    await round('2026-01-15T09:10:00Z');
    await smtp.waitFor(1);
    await round('2026-01-15T09:20:00Z');
    expect(await settle()).toBe(1);
  });
});

describe('preferences through the API', () => {
  it('the account route stores them and mirrors the old toggles both ways; unknown customers are refused', async () => {
    const call = caller(ctx);
    const tokens = await ctx.signedInUsers({ jan: {} });
    const preferences = { kinds: { flushAlarm: 'immediately', offline: 'digest' }, quietHours: { from: '22:00', to: '07:00' }, timeZone: 'Europe/Amsterdam', customers: ['Gemeente Utrecht'] };
    const saved = await call(tokens.jan, 'PATCH', '/users/current', { alarmNotifications: preferences });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ flush: { emailAlerts: true }, overflowDetection: { emailAlerts: false }, alarmNotifications: { ...preferences, kinds: { flushAlarm: 'immediately', offline: 'digest', lowBattery: 'off' } } });
    // The old field alone: off switches "immediately" off and keeps the rest.
    const off = await call(tokens.jan, 'PATCH', '/users/current', { flush: { emailAlerts: false }, overflowDetection: { emailAlerts: true } });
    expect(off.json()).toMatchObject({ flush: { emailAlerts: false }, overflowDetection: { emailAlerts: true }, alarmNotifications: { kinds: { flushAlarm: 'off', waterDetection: 'immediately', offline: 'digest' } } });
    const [columns] = await queryRows<{ flush_email_alerts: boolean; overflow_email_alerts: boolean }>(db, sql`SELECT flush_email_alerts, overflow_email_alerts FROM users WHERE email = 'jan@example.com'`);
    expect(columns).toEqual({ flush_email_alerts: false, overflow_email_alerts: true });

    const unknown = await call(tokens.jan, 'PATCH', '/users/current', { alarmNotifications: { customers: ['Nergens'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ 'alarmNotifications.customers': 'validation.unknownCustomer?name=Nergens' });
    const badHours = await call(tokens.jan, 'PATCH', '/users/current', { alarmNotifications: { quietHours: { from: '22:00', to: '22:00' } } });
    expect(badHours.statusCode).toBe(400);
  });

  it('another tenant’s customer is answered exactly like one that does not exist, on the account and the user routes', async () => {
    const call = caller(ctx);
    const tokens = await ctx.signedInUsers({ jan: {}, manager: { rights: { userManagement: true } }, admin: { administrator: true } });
    const [jan] = await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE email = 'jan@example.com'`);
    await restrictUser(db, jan.id, [world.customerA]);
    const answer = async (token: string, path: string, name: string) => {
      const response = await call(token, 'PATCH', path, { alarmNotifications: { customers: [name] } });
      return { status: response.statusCode, key: response.json().key, fields: response.json().fields, message: String(response.json().message).replace(name, '<name>') };
    };
    for (const [token, path] of [
      [tokens.jan, '/users/current'],
      [tokens.manager, '/users/jan%40example.com'],
    ] as const) {
      const nowhere = await answer(token, path, 'Nergens');
      expect(nowhere).toMatchObject({ status: 400, fields: { 'alarmNotifications.customers': 'validation.unknownCustomer?name=Nergens' } });
      const other = await answer(token, path, 'Zorggroep Noord');
      expect(other).toEqual({ ...nowhere, fields: { 'alarmNotifications.customers': 'validation.unknownCustomer?name=Zorggroep%20Noord' } });
      expect((await answer(token, path, 'Gemeente Utrecht')).status).toBe(200);
    }
    // A user manager (who sees every customer) or an administrator setting them for jan: jan's scope decides.
    expect((await answer(tokens.admin, '/users/jan%40example.com', 'Zorggroep Noord')).status).toBe(400);
    expect((await answer(tokens.admin, '/users/manager%40example.com', 'Gemeente Utrecht')).status).toBe(200);
  });

  it('a customer’s rename keeps the users’ choice of it', async () => {
    const call = caller(ctx);
    const tokens = await ctx.signedInUsers({ admin: { administrator: true } });
    await insertNotifiedUser(db, { email: 'piet@example.com' }, { kinds: { offline: 'digest' }, customers: ['Gemeente Utrecht', 'Zorggroep Noord'] });
    expect((await call(tokens.admin, 'PATCH', '/customers/Gemeente%20Utrecht', { name: 'Gemeente Utrecht-Oost' })).statusCode).toBe(200);
    const user = await call(tokens.admin, 'GET', '/users/piet%40example.com');
    expect(user.json().alarmNotifications.customers).toEqual(['Gemeente Utrecht-Oost', 'Zorggroep Noord']);
  });
});

describe('the old path (docs/alerts.md) honours the preferences', () => {
  it('flush alerts go only for chosen customers and wait for the end of the quiet hours', async () => {
    // Quiet hours around the real clock: the e-mail alerts' composer runs on it.
    const minutes = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    const quietHours = { from: minutesToClock(minutes - 60), to: minutesToClock(minutes + 60) };
    const piet = await insertNotifiedUser(db, { email: 'piet@example.com' }, { kinds: { flushAlarm: 'immediately' }, timeZone: 'UTC', quietHours });
    await insertNotifiedUser(db, { email: 'jet@example.com' }, { kinds: { flushAlarm: 'immediately' }, customers: ['Zorggroep Noord'] });
    const flush = { kind: 'flush' as const, eui: NODE_A, customerId: world.customerA, locationId: world.locationA, ts: Date.now(), before: 40, after: 40.5, minimumDeviation: 2 };
    expect(await recordAlarms(db, [flush])).toBe(1);
    expect(await composeDueAlertMails(db, PUBLIC_URL)).toBe(0);
    await db.execute(sql`UPDATE users SET alarm_notifications = alarm_notifications - 'quietHours' WHERE id = ${piet}`);
    expect(await composeDueAlertMails(db, PUBLIC_URL)).toBe(1);
    await sendDueMails(db, transport, { lockWhileSending: ctx.database.kind === 'postgres' });
    expect((await smtp.waitFor(1))[0].to).toEqual(['piet@example.com']);
  });
});
