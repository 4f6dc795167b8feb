import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatTemperature, NO_MAIL_SERVER, type TMailOutboxItem } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { useTestContext } from '../../test/test-app';
import { caller } from '../../test/places-fixtures';
import { postChirpstack } from '../../test/intake-fixtures';
import {
  ALERT_SECRET,
  CUSTOMER_A,
  FLUSH_AT_MS,
  insertSubscriber,
  LOCATION_A,
  MAIL_FROM,
  PUBLIC_URL,
  seedAlertWorld,
  simulatedFlushEvent,
  simulatedOverflowEvent,
  type TAlertWorld,
} from '../../test/alert-fixtures';
import { startTestSmtpServer, type TTestSmtpServer } from '../../test/smtp-fixture';
import { processIntakeBatch } from '../telemetry/intake-worker';
import { composeDueAlertMails } from './alert-composer';
import { createAlertMailer } from './alert-mailer';
import { sendDueMails } from './mail-sender';
import { smtpTransport, type TMailTransport } from './mail-transport';

/**
 * E-mail alerts end to end (docs/alerts.md): the simulator's uplinks through the real intake
 * route and worker, the alert items written in the worker's transaction, the composer, and the
 * real nodemailer SMTP transport talking to a real SMTP server (smtp-server) started here.
 */

// A mail server is configured (the mailer's loop does not run in tests: they deliver with `transport`).
const ctx = useTestContext({ mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'Aquasmart Portal <portal@example.nl>' } });
let db: TDb;
let world: TAlertWorld;
let smtp: TTestSmtpServer;
let transport: TMailTransport;

async function post(event: Record<string, unknown>): Promise<void> {
  const response = await postChirpstack(ctx.app, ALERT_SECRET, 'up', event);
  expect(response.statusCode).toBe(200);
}

/** The intake worker's batch, then the mailer's two steps (what the background loop does). */
async function processAndSend(): Promise<void> {
  await processIntakeBatch(db);
  await composeDueAlertMails(db, PUBLIC_URL);
  await sendDueMails(db, transport, { lockWhileSending: ctx.database.kind === 'postgres' });
}

async function mails(): Promise<{ id: number; recipient: string; state: string; attempts: number; last_error: string | null }[]> {
  return queryRows(db, sql`SELECT id::int AS id, recipient, state, attempts, last_error FROM mail_messages ORDER BY id`);
}

/** Who is who: piet and the administrator subscribe to customer A's node; the others must get nothing. */
async function seedUsers(): Promise<void> {
  await insertSubscriber(db, { email: 'piet@example.com', customers: [world.customerA], rights: { overflowDetection: true }, flush: true, overflow: true });
  await insertSubscriber(db, { email: 'admin@example.com', administrator: true, language: 'en', flush: true, overflow: true });
  await insertSubscriber(db, { email: 'klaas@example.com', customers: [world.customerB], rights: { overflowDetection: true }, flush: true, overflow: true });
  await insertSubscriber(db, { email: 'mies@example.com', customers: [world.customerA], rights: { overflowDetection: true }, flush: false, overflow: false });
  // Water alerts need the overflowDetection or dashboard right; flush alerts do not.
  await insertSubscriber(db, { email: 'noor@example.com', customers: [world.customerA], flush: false, overflow: true });
}

beforeEach(async () => {
  db = ctx.database.system;
  smtp = await startTestSmtpServer();
  transport = smtpTransport(smtp.url, MAIL_FROM);
});

afterEach(async () => {
  transport.close();
  await smtp.stop();
});

describe('e-mail alerts', () => {
  it('a weak flush from the simulator: one e-mail to each subscribed user who may see the node, none to others', async () => {
    world = await seedAlertWorld(db);
    await seedUsers();
    const node = world.nodes[0];
    await post(simulatedFlushEvent(node, FLUSH_AT_MS, true));
    await processAndSend();
    const received = await smtp.waitFor(2);
    // Nothing more arrives: one more round finds nothing to send.
    await processAndSend();
    expect(received.map((mail) => mail.to).flat().sort()).toEqual(['admin@example.com', 'piet@example.com']);

    const [{ value }] = await queryRows<{ value: { before: number; after: number } }>(db, sql`SELECT value FROM device_data WHERE device_eui = ${node.eui}`);
    const piet = received.find((mail) => mail.to[0] === 'piet@example.com')!;
    expect(piet.subject).toBe(`Spoelalarm: Kraan <keuken> & bad (${CUSTOMER_A}, ${LOCATION_A})`);
    expect(piet.from).toEqual({ address: 'portal@example.nl', name: 'Aquasmart Portal' });
    expect(piet.autoSubmitted).toBe('auto-generated');
    // The formatter keeps a value and its unit together with a no-break space; the mail's own texts
    // write a plain one: the same words either way.
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(plain(piet.text)).toContain(plain(`van ${formatTemperature(value.before, 'nl')} naar ${formatTemperature(value.after, 'nl')}`));
    expect(piet.text).toContain('minimaal 2 °C verschil');
    // 15:30 UTC in January is 16:30 in Amsterdam.
    expect(piet.text).toContain('15-01-2026 16:30');
    const link = `${PUBLIC_URL}/nodes/Gemeente%20Utrecht/Stadhuis%20%2F%20Kelder%20%232/${node.eui}`;
    expect(piet.text).toContain(link);
    expect(piet.html).toContain(`href="${link}"`);
    // Names are text in the HTML, never markup.
    expect(piet.html).toContain('Kraan &lt;keuken&gt; &amp; bad');
    expect(piet.html).not.toContain('<keuken>');

    const admin = received.find((mail) => mail.to[0] === 'admin@example.com')!;
    expect(admin.subject).toBe(`Flush alarm: Kraan <keuken> & bad (${CUSTOMER_A}, ${LOCATION_A})`);
    expect(admin.text).toContain('15 Jan 2026 16:30');
    expect(admin.text).toContain('at least 2 °C');
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(2);
    expect((await mails()).map((mail) => mail.state)).toEqual(['sent', 'sent']);
  });

  it('a good flush, and a weak flush of a node of another customer, alert only that customer’s subscribers', async () => {
    world = await seedAlertWorld(db);
    await seedUsers();
    await post(simulatedFlushEvent(world.nodes[0], FLUSH_AT_MS, false));
    await post(simulatedFlushEvent(world.nodes[1], FLUSH_AT_MS, true));
    await processAndSend();
    const received = await smtp.waitFor(2);
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(['admin@example.com', 'klaas@example.com']);
    expect(received.every((mail) => mail.subject.includes('Zorggroep Noord'))).toBe(true);
  });

  it('nobody subscribed, or a node without customer and location: nothing is written', async () => {
    world = await seedAlertWorld(db);
    await insertSubscriber(db, { email: 'mies@example.com', customers: [world.customerA], flush: false });
    await db.execute(sql`UPDATE devices SET customer_id = NULL, location_id = NULL WHERE eui = ${world.nodes[1].eui}`);
    await insertSubscriber(db, { email: 'admin@example.com', administrator: true, flush: true });
    await post(simulatedFlushEvent(world.nodes[1], FLUSH_AT_MS, true));
    await processAndSend();
    expect(await queryRows(db, sql`SELECT id FROM alert_items`)).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('water detected then its end: "started", and one minute later "resolved"', async () => {
    world = await seedAlertWorld(db);
    await seedUsers();
    const node = world.nodes[0];
    await post(simulatedOverflowEvent(node, FLUSH_AT_MS, true, 212.5));
    await processAndSend();
    const started = await smtp.waitFor(2);
    // noor subscribes to water alerts but holds neither overflowDetection nor dashboard.
    expect(started.map((mail) => mail.to[0]).sort()).toEqual(['admin@example.com', 'piet@example.com']);
    const piet = () => smtp.received.filter((mail) => mail.to[0] === 'piet@example.com');
    expect(piet()[0].subject).toBe(`Water gedetecteerd: Kraan <keuken> & bad (${CUSTOMER_A}, ${LOCATION_A})`);
    expect(piet()[0].text).toContain('weerstand 212,5 Ω');

    await post(simulatedOverflowEvent(node, FLUSH_AT_MS + 20 * 60_000, false, 1_500_000));
    await processAndSend();
    // At most one e-mail per user per minute: the end waits for the minute to pass.
    expect(smtp.received).toHaveLength(2);
    expect(await queryRows(db, sql`SELECT kind FROM alert_items WHERE mail_id IS NULL ORDER BY user_id`)).toHaveLength(2);
    await db.execute(sql`UPDATE mail_messages SET created_at = created_at - interval '61 seconds'`);
    await processAndSend();
    await smtp.waitFor(4);
    expect(piet()[1].subject).toBe(`Opgelost: geen water meer bij Kraan <keuken> & bad (${CUSTOMER_A}, ${LOCATION_A})`);
    expect(piet()[1].text).toContain('15-01-2026 16:50');
    const admin = smtp.received.filter((mail) => mail.to[0] === 'admin@example.com').map((mail) => mail.subject);
    expect(admin).toEqual([
      `Water detected: Kraan <keuken> & bad (${CUSTOMER_A}, ${LOCATION_A})`,
      `Resolved: no more water at Kraan <keuken> & bad (${CUSTOMER_A}, ${LOCATION_A})`,
    ]);
  });

  it('50 alarms in one intake batch give one e-mail per user listing all of them', async () => {
    world = await seedAlertWorld(db, 50);
    await seedUsers();
    for (const node of world.nodes.slice(0, 50)) await post(simulatedFlushEvent(node, FLUSH_AT_MS, true));
    expect(await processIntakeBatch(db)).toBe(50);
    expect(await queryRows(db, sql`SELECT id FROM alert_items`)).toHaveLength(100);
    expect(await composeDueAlertMails(db, PUBLIC_URL)).toBe(2);
    await sendDueMails(db, transport, { lockWhileSending: ctx.database.kind === 'postgres' });
    const received = await smtp.waitFor(2);
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(['admin@example.com', 'piet@example.com']);
    const piet = received.find((mail) => mail.to[0] === 'piet@example.com')!;
    expect(piet.subject).toBe('50 meldingen van het Aquasmart-portaal');
    expect(piet.text.match(/^SPOELALARM: /gm)).toHaveLength(50);
    for (const node of world.nodes.slice(0, 50)) expect(piet.text).toContain(`/${node.eui}`);
    expect(received.find((mail) => mail.to[0] === 'admin@example.com')!.subject).toBe('50 alerts from the Aquasmart portal');
  });

  it('the mail server down for a while, then up: every e-mail arrives once', async () => {
    world = await seedAlertWorld(db, 3);
    await seedUsers();
    const port = smtp.port;
    await smtp.stop();
    const mailer = createAlertMailer(db, {
      transport,
      publicUrl: PUBLIC_URL,
      lockWhileSending: ctx.database.kind === 'postgres',
      log: { error: () => undefined, warn: () => undefined },
      idleMs: 50,
      retryBaseMs: 100,
      // Every batch its own e-mail, so that several e-mails per user wait.
      intervalMs: 0,
    });
    mailer.start();
    try {
      for (const node of world.nodes.slice(0, 3)) {
        await post(simulatedFlushEvent(node, FLUSH_AT_MS, true));
        await processIntakeBatch(db);
      }
      // While the server is down the e-mails wait, with their error, and are tried again.
      const end = Date.now() + 10_000;
      while (Date.now() < end) {
        const rows = await mails();
        const composed = await queryRows(db, sql`SELECT id FROM alert_items WHERE mail_id IS NULL`);
        if (composed.length === 0 && rows.length > 0 && rows.every((row) => row.attempts >= 2)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const waiting = await mails();
      // Two users, each with one to three e-mails (batches that came together share one).
      expect(waiting.length).toBeGreaterThanOrEqual(2);
      expect(waiting.every((row) => row.state === 'pending' && row.attempts >= 2 && /ECONNREFUSED/.test(row.last_error ?? ''))).toBe(true);

      smtp = await startTestSmtpServer({ port });
      const received = await smtp.waitFor(waiting.length, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(received).toHaveLength(waiting.length);
      expect(new Set(received.map((mail) => mail.messageId)).size).toBe(waiting.length);
      // Every alert arrives once: each user's e-mails name each of the three nodes exactly once.
      for (const user of ['piet@example.com', 'admin@example.com']) {
        const text = received
          .filter((mail) => mail.to[0] === user)
          .map((mail) => mail.text)
          .join('\n');
        for (const node of world.nodes.slice(0, 3)) expect(text.split(`/${node.eui}\n`).length - 1, `${user} ${node.eui}`).toBe(1);
      }
      const sent = await mails();
      expect(sent.every((row) => row.state === 'sent' && row.last_error === null)).toBe(true);
    } finally {
      await mailer.stop();
    }
  });

  it('a refused recipient is retried and visible; the other e-mails go out', async () => {
    await smtp.stop();
    smtp = await startTestSmtpServer({ refuse: (address) => address === 'piet@example.com' });
    transport.close();
    transport = smtpTransport(smtp.url, MAIL_FROM);
    world = await seedAlertWorld(db);
    await seedUsers();
    await post(simulatedFlushEvent(world.nodes[0], FLUSH_AT_MS, true));
    await processAndSend();
    await smtp.waitFor(1);
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(['admin@example.com']);
    const rows = await mails();
    const piet = rows.find((row) => row.recipient === 'piet@example.com')!;
    expect(piet).toMatchObject({ state: 'pending', attempts: 1 });
    expect(piet.last_error).toMatch(/550/);
    const [{ delay }] = await queryRows<{ delay: number }>(
      db,
      sql`SELECT extract(epoch FROM next_attempt_at - now())::float AS delay FROM mail_messages WHERE id = ${piet.id}`,
    );
    expect(delay).toBeGreaterThan(20);
    expect(delay).toBeLessThanOrEqual(30);

    const outbox = await caller(ctx)(await ctx.tokenFor('admin@example.com'), 'GET', '/mailOutbox');
    expect(outbox.statusCode).toBe(200);
    const item = outbox.json<TMailOutboxItem[]>().find((row) => row.recipient === 'piet@example.com')!;
    expect(item).toMatchObject({ state: 'pending', attempts: 1, kind: 'alerts', alerts: 1 });
    expect(item.lastError).toMatch(/550/);
    expect(item.nextAttemptAt).not.toBeNull();
  });

  it('an e-mail undeliverable for 24 hours is given up as failed', async () => {
    world = await seedAlertWorld(db);
    await seedUsers();
    await smtp.stop();
    await post(simulatedFlushEvent(world.nodes[0], FLUSH_AT_MS, true));
    await processIntakeBatch(db);
    await composeDueAlertMails(db, PUBLIC_URL);
    await db.execute(sql`UPDATE mail_messages SET created_at = now() - interval '23 hours 59 minutes' WHERE recipient = 'piet@example.com'`);
    await db.execute(sql`UPDATE mail_messages SET created_at = now() - interval '24 hours 1 minute' WHERE recipient = 'admin@example.com'`);
    await sendDueMails(db, transport, { lockWhileSending: ctx.database.kind === 'postgres' });
    await sendDueMails(db, transport, { lockWhileSending: ctx.database.kind === 'postgres' });
    smtp = await startTestSmtpServer();
    const states = Object.fromEntries((await mails()).map((row) => [row.recipient, row.state]));
    expect(states).toEqual({ 'piet@example.com': 'pending', 'admin@example.com': 'failed' });
  });

  it('without a mail server the e-mails stay in the outbox, marked not sent, and the log says so once', async () => {
    world = await seedAlertWorld(db);
    await seedUsers();
    await post(simulatedFlushEvent(world.nodes[0], FLUSH_AT_MS, true));
    await processIntakeBatch(db);
    await composeDueAlertMails(db, PUBLIC_URL);
    expect(await sendDueMails(db, null, { lockWhileSending: false })).toBe(2);
    const rows = await mails();
    expect(rows.map((row) => [row.state, row.last_error])).toEqual([
      ['unsent', NO_MAIL_SERVER],
      ['unsent', NO_MAIL_SERVER],
    ]);
    const warnings: string[] = [];
    const mailer = createAlertMailer(db, { transport: null, publicUrl: PUBLIC_URL, lockWhileSending: false, log: { error: () => undefined, warn: (text) => warnings.push(text) }, idleMs: 20 });
    mailer.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await mailer.stop();
    expect(warnings).toEqual([`No mail server configured (SMTP_URL): e-mails stay in the outbox, marked "${NO_MAIL_SERVER}"`]);
    expect(smtp.received).toEqual([]);
  });
});

describe('the outbox routes', () => {
  it('administrators list the outbox and send a test e-mail through it; others are refused', async () => {
    world = await seedAlertWorld(db);
    const tokens = await ctx.signedInUsers({ admin: { administrator: true }, manager: { rights: { userManagement: true, dashboard: true } } });
    const call = caller(ctx);
    for (const [method, url] of [
      ['GET', '/mailOutbox'],
      ['POST', '/mailOutbox/test'],
    ] as const) {
      expect((await call(tokens.manager, method, url, {})).statusCode).toBe(403);
    }
    const bad = await call(tokens.admin, 'POST', '/mailOutbox/test', { to: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ to: 'validation.email' });

    const queued = await call(tokens.admin, 'POST', '/mailOutbox/test', {});
    expect(queued.statusCode).toBe(201);
    expect(queued.json()).toMatchObject({ kind: 'test', recipient: 'admin@example.com', state: 'pending', attempts: 0, alerts: 0, subject: 'Test-e-mail van het Aquasmart-portaal' });
    const other = await call(tokens.admin, 'POST', '/mailOutbox/test', { to: 'Beheer@Example.nl' });
    expect(other.statusCode).toBe(201);
    await sendDueMails(db, transport, { lockWhileSending: ctx.database.kind === 'postgres' });
    const received = await smtp.waitFor(2);
    // nodemailer writes the domain in lower case in the envelope.
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(['Beheer@example.nl', 'admin@example.com']);
    expect(received[0].text).toContain('verstuurd door admin@example.com');

    const list = await call(tokens.admin, 'GET', '/mailOutbox');
    expect(list.statusCode).toBe(200);
    expect(list.json<TMailOutboxItem[]>().map((item) => [item.recipient, item.state])).toEqual([
      ['Beheer@Example.nl', 'sent'],
      ['admin@example.com', 'sent'],
    ]);
    expect((await call(tokens.admin, 'GET', '/mailOutbox?state=pending')).json()).toEqual([]);
    expect((await call(tokens.admin, 'GET', '/mailOutbox?limit=0')).statusCode).toBe(400);
  });

  it('users switch their own alert toggles on the own account; rights stay refused', async () => {
    const { piet } = await ctx.signedInUsers({ piet: { rights: { dashboard: true } } });
    const call = caller(ctx);
    const saved = await call(piet, 'PATCH', '/users/current', { flush: { emailAlerts: true }, overflowDetection: { emailAlerts: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ flush: { emailAlerts: true }, overflowDetection: { emailAlerts: true } });
    const off = await call(piet, 'PATCH', '/users/current', { overflowDetection: { emailAlerts: false } });
    expect(off.json()).toMatchObject({ flush: { emailAlerts: true }, overflowDetection: { emailAlerts: false } });
    expect((await call(piet, 'GET', '/users/current')).json()).toMatchObject({ flush: { emailAlerts: true }, overflowDetection: { emailAlerts: false } });
    const refused = await call(piet, 'PATCH', '/users/current', { flush: { emailAlerts: 'yes' } });
    expect(refused.statusCode).toBe(400);
    expect((await call(piet, 'PATCH', '/users/current', { portal: { rights: { administrator: true } } })).statusCode).toBe(403);
  });
});
