import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/database';
import { users } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller } from '../../test/places-fixtures';
import { PUBLIC_URL } from '../../test/alert-fixtures';
import { startReceiver, type TTestReceiver } from '../../test/http-receiver';
import { channelSettings } from '../alarm-channels/channel-settings';
import { deliverChannelMessages, type TChannelSettings } from '../alarm-channels/channel-outbox';
import { confirmPhone } from '../alarm-channels/phone-service';
import { findUser } from '../../identity/auth-user';
import { composeAlarmMails, queueAlarmNotifications } from './alarm-notifier';
import { advanceEscalationChains } from './escalation-chain';
import { insertAlarm, insertNotifiedUser, NODE_A, seedNotifyWorld, type TNotifyWorld } from './alarm-notifications.fixture';

/**
 * Teams, Slack and SMS end to end (docs/alarm-notifications.md, "Channels"; docs/escalation.md):
 * local HTTP receivers stand in for a Teams webhook, a Slack webhook and Twilio's Messages API;
 * each request is checked field by field against the format those services document. The
 * notifier, the chain and the sender run with a clock the test sets.
 */

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token';
let sms: TTestReceiver;
let teams: TTestReceiver;
let slack: TTestReceiver;

const ctx = useTestContext({
  platforms: { PLATFORM_ALLOWED_ADDRESSES: '127.0.0.1' },
  channels: { SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: '+3197010203040', SMS_API_URL: 'http://127.0.0.1:9', CHANNEL_ANY_WEBHOOK_HOST: 'on' },
});
let db: TDb;
let world: TNotifyWorld;
let settings: TChannelSettings;

const MORNING = '2026-01-15T09:00:00Z';
const at = (iso: string) => new Date(iso);
const plus = (iso: string, minutes: number) => new Date(at(iso).getTime() + minutes * 60_000);

beforeEach(async () => {
  db = ctx.database.system;
  world = await seedNotifyWorld(db);
  [sms, teams, slack] = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
  settings = channelSettings({
    SMS_ACCOUNT_SID: SID,
    SMS_AUTH_TOKEN: TOKEN,
    SMS_FROM: '+3197010203040',
    SMS_API_URL: sms.url.replace(/\/hook$/, ''),
    PLATFORM_ALLOWED_ADDRESSES: '127.0.0.1',
    CHANNEL_ANY_WEBHOOK_HOST: 'on',
  });
});

afterEach(async () => {
  await Promise.all([sms.stop(), teams.stop(), slack.stop()]);
});

/** A user with Teams and Slack URLs (the test receivers) and a verified phone number. */
async function channelUser(email: string, channels: Record<string, string[]>, extra: { customers?: number[]; quietHours?: { from: string; to: string } } = {}) {
  const id = await insertNotifiedUser(
    db,
    { email, customers: extra.customers ?? [world.customerA], rights: { dashboard: true } },
    { kinds: { offline: 'immediately' }, channels, teamsUrl: teams.url, slackUrl: slack.url, quietHours: extra.quietHours ?? null },
  );
  await db.update(users).set({ phone: `+3161234${String(id).padStart(4, '0')}`, phoneVerifiedAt: new Date() }).where(sql`id = ${id}`);
  return id;
}

async function messages() {
  return queryRows<{ channel: string; purpose: string; state: string; attempts: number; stage: number | null }>(
    db,
    sql`SELECT channel, purpose, state, attempts, stage FROM alarm_messages ORDER BY id`,
  );
}

async function timeline(alarmId: number) {
  return queryRows<{ action: string; details: Record<string, unknown> }>(db, sql`SELECT action, details FROM alarm_events WHERE alarm_id = ${alarmId} ORDER BY at, id`);
}

const formOf = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe('formats', () => {
  it('an alarm goes to Teams as an Adaptive Card, to Slack as text and mrkdwn blocks, by SMS through Twilio: each once', async () => {
    const userId = await channelUser('piet@example.com', { offline: ['teams', 'slack', 'sms'] });
    const alarmId = await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });

    await queueAlarmNotifications(db, at(MORNING));
    await composeAlarmMails(db, PUBLIC_URL, at(MORNING));
    // Not by e-mail: the kind chose other channels.
    expect(await queryRows(db, sql`SELECT id FROM mail_messages`)).toEqual([]);
    expect(await deliverChannelMessages(db, settings, at(MORNING))).toBe(3);
    // A second round sends nothing again.
    await composeAlarmMails(db, PUBLIC_URL, plus(MORNING, 1));
    expect(await deliverChannelMessages(db, settings, plus(MORNING, 1))).toBe(0);
    expect([teams.received.length, slack.received.length, sms.received.length]).toEqual([1, 1, 1]);

    // Teams: the message an incoming webhook takes, one attachment holding an Adaptive Card.
    const card = JSON.parse(teams.received[0].body);
    expect(teams.received[0].headers['content-type']).toBe('application/json');
    expect(card.type).toBe('message');
    expect(card.attachments).toHaveLength(1);
    expect(card.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0].contentUrl).toBeNull();
    const content = card.attachments[0].content;
    expect(content.type).toBe('AdaptiveCard');
    expect(content.$schema).toBe('http://adaptivecards.io/schemas/adaptive-card.json');
    expect(content.version).toBe('1.2');
    expect(content.body[0]).toMatchObject({ type: 'TextBlock', weight: 'Bolder', wrap: true, text: 'Node offline: Kraan <keuken> (Gemeente Utrecht)' });
    expect(content.body[2].type).toBe('Container');
    expect(content.body[2].items[0].text).toBe('Node offline: Kraan <keuken>');
    expect(content.body[2].items.map((item: { text: string }) => item.text)).toContain('Klant Gemeente Utrecht, locatie Stadhuis');
    expect(content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Alarm openen in het portaal', url: `${PUBLIC_URL}/alarms/${alarmId}` }]);

    // Slack: text (the notification's fallback) and blocks; mrkdwn with <, > and & escaped.
    const slackBody = JSON.parse(slack.received[0].body);
    expect(Object.keys(slackBody).sort()).toEqual(['blocks', 'text']);
    expect(slackBody.text).toBe('Node offline: Kraan <keuken> (Gemeente Utrecht): Node offline: Kraan <keuken>');
    expect(slackBody.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Node offline: Kraan <keuken> (Gemeente Utrecht)', emoji: false } });
    expect(slackBody.blocks[2].type).toBe('section');
    expect(slackBody.blocks[2].text.type).toBe('mrkdwn');
    expect(slackBody.blocks[2].text.text).toContain(`*<${PUBLIC_URL}/alarms/${alarmId}|Node offline: Kraan &lt;keuken&gt;>*`);
    expect(slackBody.blocks.at(-1).type).toBe('context');

    // Twilio: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, a form with To, From and Body, HTTP Basic with SID and token.
    const request = sms.received[0];
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    const form = formOf(request.body);
    expect(Object.keys(form).sort()).toEqual(['Body', 'From', 'To']);
    expect(form.To).toBe(`+3161234${String(userId).padStart(4, '0')}`);
    expect(form.From).toBe('+3197010203040');
    expect(form.Body).toBe(`Aquasmart: Node offline: Kraan <keuken> (Gemeente Utrecht). Node offline: Kraan <keuken> ${PUBLIC_URL}/alarms/${alarmId}`);

    expect((await messages()).map((message) => [message.channel, message.state])).toEqual([
      ['teams', 'sent'],
      ['slack', 'sent'],
      ['sms', 'sent'],
    ]);
    // The timeline says what arrived, by which channel, to whom.
    const steps = (await timeline(alarmId)).filter((step) => step.action === 'messaged');
    expect(steps.map((step) => [step.details.channel, step.details.state, step.details.to]).sort()).toEqual([
      ['slack', 'sent', 'piet Test'],
      ['sms', 'sent', 'piet Test'],
      ['teams', 'sent', 'piet Test'],
    ]);
  });

  it('a kind without channels goes by e-mail, as before; a chosen channel that cannot carry (no verified number) falls back to e-mail', async () => {
    await insertNotifiedUser(db, { email: 'mail@example.com', customers: [world.customerA], rights: { dashboard: true } }, { kinds: { offline: 'immediately' } });
    const smsOnly = await insertNotifiedUser(db, { email: 'nonumber@example.com', customers: [world.customerA], rights: { dashboard: true } }, { kinds: { offline: 'immediately' }, channels: { offline: ['sms'] } });
    expect(smsOnly).toBeGreaterThan(0);
    await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    await queueAlarmNotifications(db, at(MORNING));
    await composeAlarmMails(db, PUBLIC_URL, at(MORNING));
    expect((await queryRows<{ recipient: string }>(db, sql`SELECT recipient FROM mail_messages ORDER BY recipient`)).map((row) => row.recipient)).toEqual([
      'mail@example.com',
      'nonumber@example.com',
    ]);
    expect(await messages()).toEqual([]);
  });
});

describe('delivery', () => {
  it('a 500 is tried again after the back-off (30 s, then 60 s), a 200 then sends it; a 400 fails at once', async () => {
    await channelUser('piet@example.com', { offline: ['teams', 'slack'] });
    teams.answer = (_request, index) => ({ status: index < 2 ? 500 : 200 });
    slack.answer = () => ({ status: 400, body: 'invalid_payload' });
    const alarmId = await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    await queueAlarmNotifications(db, at(MORNING));
    await composeAlarmMails(db, PUBLIC_URL, at(MORNING));

    expect(await deliverChannelMessages(db, settings, at(MORNING))).toBe(2);
    expect((await messages()).map((message) => [message.channel, message.state, message.attempts])).toEqual([
      ['teams', 'retrying', 1],
      ['slack', 'failed', 1],
    ]);
    expect(await deliverChannelMessages(db, settings, plus(MORNING, 0.4))).toBe(0);
    expect(await deliverChannelMessages(db, settings, plus(MORNING, 0.5))).toBe(1);
    expect((await messages())[0]).toMatchObject({ state: 'retrying', attempts: 2 });
    expect(await deliverChannelMessages(db, settings, plus(MORNING, 1.4))).toBe(0);
    expect(await deliverChannelMessages(db, settings, plus(MORNING, 1.5))).toBe(1);
    expect((await messages())[0]).toMatchObject({ state: 'sent', attempts: 3 });
    expect(teams.received).toHaveLength(3);
    // The same body each time.
    expect(new Set(teams.received.map((request) => request.body)).size).toBe(1);
    const steps = (await timeline(alarmId)).filter((step) => step.action === 'messaged');
    expect(steps.map((step) => [step.details.channel, step.details.state])).toEqual([
      ['slack', 'failed'],
      ['teams', 'sent'],
    ]);

    // Administrators see each message's state; the URL's path (its secret) is not shown.
    const admin = await ctx.signedInUsers({ boss: { administrator: true } });
    const answer = await caller(ctx)(admin.boss, 'GET', `/alarms/${alarmId}/messages`);
    expect(answer.statusCode).toBe(200);
    const listed = answer.json<{ channel: string; state: string; to: string; lastStatus: number | null; attempts: number }[]>();
    expect(listed.map((message) => [message.channel, message.state, message.attempts, message.lastStatus])).toEqual([
      ['teams', 'sent', 3, 200],
      ['slack', 'failed', 1, 400],
    ]);
    expect(listed[0].to).toBe(`${new URL(teams.url).host}/…`);
    const user = await ctx.signedInUsers({ watcher: { rights: { dashboard: true } } });
    expect((await caller(ctx)(user.watcher, 'GET', `/alarms/${alarmId}/messages`)).statusCode).toBe(403);
  });

  it('sent and failed messages leave the outbox after 90 days, a phone code\'s after a day; undecided ones stay', async () => {
    const now = new Date(Date.now() + 10 * 60_000);
    const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
    const rows: [string, string, string][] = [
      ['alarms', 'sent', ago(90 * 24 + 1)],
      ['alarms', 'failed', ago(90 * 24 + 1)],
      ['alarms', 'sent', ago(90 * 24 - 1)],
      ['alarms', 'retrying', ago(90 * 24 + 1)],
      ['phoneCode', 'sent', ago(25)],
      ['phoneCode', 'sent', ago(23)],
    ];
    for (const [purpose, state, created] of rows) {
      await db.execute(sql`INSERT INTO alarm_messages (channel, purpose, recipient, body, state, created_at, next_attempt_at)
        VALUES ('sms', ${purpose}, '+31612345678', ${`${purpose} ${state} ${created}`}, ${state}, ${created}::timestamptz, ${ago(-1000)}::timestamptz)`);
    }
    await deliverChannelMessages(db, settings, now);
    const kept = await queryRows<{ body: string }>(db, sql`SELECT body FROM alarm_messages ORDER BY id`);
    expect(kept.map((row) => row.body)).toEqual([
      `alarms sent ${ago(90 * 24 - 1)}`,
      `alarms retrying ${ago(90 * 24 + 1)}`,
      `phoneCode sent ${ago(23)}`,
    ]);
  });

  it('the platforms\' address rules hold: a private address not allowed, or another host than Teams\' without CHANNEL_ANY_WEBHOOK_HOST, fails without a request', async () => {
    await channelUser('piet@example.com', { offline: ['teams'] });
    await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    await queueAlarmNotifications(db, at(MORNING));
    await composeAlarmMails(db, PUBLIC_URL, at(MORNING));
    await deliverChannelMessages(db, channelSettings({ PLATFORM_ALLOWED_ADDRESSES: '', CHANNEL_ANY_WEBHOOK_HOST: 'on' }), at(MORNING));
    const [refused] = await queryRows<{ state: string; last_error: string }>(db, sql`SELECT state, last_error FROM alarm_messages`);
    expect(refused.state).toBe('failed');
    expect(refused.last_error).toMatch(/refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1/);
    await db.execute(sql`UPDATE alarm_messages SET state = 'pending', attempts = 0, next_attempt_at = ${MORNING}`);
    await deliverChannelMessages(db, channelSettings({ PLATFORM_ALLOWED_ADDRESSES: '127.0.0.1', CHANNEL_ANY_WEBHOOK_HOST: 'off' }), at(MORNING));
    const [notTeams] = await queryRows<{ state: string; last_error: string }>(db, sql`SELECT state, last_error FROM alarm_messages`);
    expect(notTeams).toEqual({ state: 'failed', last_error: 'refused: not a Teams webhook host (CHANNEL_ANY_WEBHOOK_HOST)' });
    expect(teams.received).toHaveLength(0);
  });
});

describe('phone number', () => {
  it('is verified by a code sent by SMS: hashed, limited tries, one code a minute; SMS may be chosen only then', async () => {
    const tokens = await ctx.signedInUsers({ engineer: { rights: { dashboard: true } } });
    const call = caller(ctx);
    const refused = await call(tokens.engineer, 'PATCH', '/users/current', { alarmNotifications: { kinds: { offline: 'immediately' }, channels: { offline: ['sms'] } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'alarmNotifications.channels.offline': 'validation.channelNeedsPhone' });

    expect((await call(tokens.engineer, 'POST', '/users/current/phone', { phone: '06 1234' })).json().fields).toEqual({ phone: 'validation.phone' });
    // The API's SMS settings point at port 9: the message is written; the test's sender delivers it to the receiver.
    const started = await call(tokens.engineer, 'POST', '/users/current/phone', { phone: '+31 6 1234 5678' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ number: '+31612345678', verified: false });
    const again = await call(tokens.engineer, 'POST', '/users/current/phone', { phone: '+31612345678' });
    expect([again.statusCode, again.json().key]).toEqual([429, 'errors.phoneCodeTooSoon']);
    await deliverChannelMessages(db, settings);
    expect(sms.received).toHaveLength(1);
    const form = formOf(sms.received[0].body);
    expect(form.To).toBe('+31612345678');
    const code = /(\d{6})/.exec(form.Body)?.[1];
    expect(form.Body).toBe(`Aquasmart: uw code is ${code}. Hij is 10 minuten geldig.`);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await queryRows<{ code_hash: string }>(db, sql`SELECT code_hash FROM phone_codes`);
    expect(stored.code_hash).not.toContain(code!);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call(tokens.engineer, 'POST', '/users/current/phone/confirm', { code: wrongCode });
    expect([wrong.statusCode, wrong.json().key]).toEqual([400, 'errors.phoneCodeWrong']);
    const right = await call(tokens.engineer, 'POST', '/users/current/phone/confirm', { code });
    expect(right.json()).toEqual({ number: '+31612345678', verified: true });
    expect((await call(tokens.engineer, 'GET', '/users/current')).json().phone).toEqual({ number: '+31612345678', verified: true });
    const chosen = await call(tokens.engineer, 'PATCH', '/users/current', { alarmNotifications: { kinds: { offline: 'immediately' }, channels: { offline: ['sms'] } } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().alarmNotifications.channels).toEqual({ offline: ['sms'] });
  });

  it.each([
    ['after five wrong tries even the right code is refused', 5, 0, 'tooManyTries'],
    ['after ten minutes the code has expired', 0, 10, 'expired'],
  ])('%s', async (_name, wrongTries, minutesLater, verdict) => {
    const tokens = await ctx.signedInUsers({ engineer: { rights: { dashboard: true } } });
    await caller(ctx)(tokens.engineer, 'POST', '/users/current/phone', { phone: '+31612345678' });
    await deliverChannelMessages(db, settings);
    const code = /(\d{6})/.exec(formOf(sms.received[0].body).Body)![1];
    const user = (await findUser(db, { email: 'engineer@example.com' }))!;
    for (let n = 0; n < wrongTries; n++) await expect(confirmPhone(db, user, code === '000000' ? '111111' : '000000')).rejects.toMatchObject({ statusCode: 400 });
    await expect(confirmPhone(db, user, code, plus(new Date().toISOString(), minutesLater))).rejects.toMatchObject({ key: `errors.phoneCode${verdict[0].toUpperCase()}${verdict.slice(1)}` });
  });
});

describe('escalation chain', () => {
  async function threeStages() {
    const first = await channelUser('eerste@example.com', { offline: ['teams'] });
    const second = await channelUser('tweede@example.com', { offline: ['slack'] });
    const third = await channelUser('derde@example.com', {}, { quietHours: { from: '22:00', to: '07:00' } });
    const tokens = await ctx.signedInUsers({ boss: { administrator: true } });
    const saved = await caller(ctx)(tokens.boss, 'PATCH', `/customers/${encodeURIComponent('Gemeente Utrecht')}/alarmEscalation`, {
      minutes: 240,
      emails: [],
      users: [],
      stages: [
        { minutes: 0, users: ['eerste@example.com'], channels: null },
        { minutes: 15, users: ['tweede@example.com'], channels: null },
        { minutes: 30, users: ['derde@example.com'], channels: ['sms', 'email'] },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().stages[2]).toEqual({ minutes: 30, users: ['derde@example.com'], channels: ['sms', 'email'], duringQuietHours: false });
    return { first, second, third, boss: tokens.boss };
  }

  it('three stages on time with a clock; acknowledging between stages 2 and 3 stops the chain; every stage and message in the timeline', async () => {
    const { boss } = await threeStages();
    const stopped = await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });

    expect(await advanceEscalationChains(db, PUBLIC_URL, at(MORNING))).toBe(1);
    await deliverChannelMessages(db, settings, at(MORNING));
    expect(await advanceEscalationChains(db, PUBLIC_URL, plus(MORNING, 14))).toBe(0);
    expect(await advanceEscalationChains(db, PUBLIC_URL, plus(MORNING, 15))).toBe(1);
    await deliverChannelMessages(db, settings, plus(MORNING, 15));
    expect([teams.received.length, slack.received.length]).toEqual([1, 1]);
    expect(JSON.parse(slack.received[0].body).blocks[0].text.text).toBe('Escalatie stap 2: 1 alarm(en) van Gemeente Utrecht niet bevestigd');

    expect((await caller(ctx)(boss, 'POST', `/alarms/${stopped}/acknowledge`, {})).statusCode).toBe(200);
    expect(await advanceEscalationChains(db, PUBLIC_URL, plus(MORNING, 30))).toBe(0);
    expect(await advanceEscalationChains(db, PUBLIC_URL, plus(MORNING, 300))).toBe(0);
    expect(sms.received).toHaveLength(0);

    const steps = await timeline(stopped);
    expect(steps.map((step) => step.action)).toEqual(['opened', 'stage', 'messaged', 'stage', 'messaged', 'acknowledged']);
    expect(steps[1].details).toEqual({ number: 1, reached: [{ name: 'eerste Test', channels: ['teams'] }], skipped: [] });
    expect(steps[3].details).toEqual({ number: 2, reached: [{ name: 'tweede Test', channels: ['slack'] }], skipped: [] });
    // The timeline as the API shows it.
    const detail = await caller(ctx)(boss, 'GET', `/alarms/${stopped}`);
    const events = detail.json<{ events: { action: string; stage?: unknown; message?: unknown }[] }>().events;
    expect(events[1].stage).toEqual({ number: 1, reached: [{ name: 'eerste Test', channels: ['teams'] }], skipped: [] });
    expect(events[2].message).toEqual({ channel: 'teams', state: 'sent', to: 'eerste Test', stage: 1 });
  });

  it('an alarm nobody acknowledges goes through all three stages, one per round, none skipped after an outage; stage 3 by SMS and e-mail', async () => {
    await threeStages();
    const alarmId = await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: MORNING });
    // The server was down for an hour: the stages go in order, one per round.
    expect(await advanceEscalationChains(db, PUBLIC_URL, plus(MORNING, 60))).toBe(1);
    expect(await advanceEscalationChains(db, PUBLIC_URL, plus(MORNING, 60))).toBe(1);
    expect(await advanceEscalationChains(db, PUBLIC_URL, plus(MORNING, 60))).toBe(1);
    expect(await advanceEscalationChains(db, PUBLIC_URL, plus(MORNING, 60))).toBe(0);
    await deliverChannelMessages(db, settings, plus(MORNING, 60));
    expect((await messages()).map((message) => [message.channel, message.stage, message.state])).toEqual([
      ['teams', 1, 'sent'],
      ['slack', 2, 'sent'],
      ['sms', 3, 'sent'],
    ]);
    expect(formOf(sms.received[0].body).Body).toContain('Escalatie stap 3');
    expect(await queryRows(db, sql`SELECT kind, recipient FROM mail_messages`)).toEqual([{ kind: 'alarmEscalation', recipient: 'derde@example.com' }]);
    expect((await timeline(alarmId)).filter((step) => step.action === 'stage').map((step) => step.details.number)).toEqual([1, 2, 3]);
  });

  it("quiet hours leave a user out of a stage unless the stage reaches through them; the timeline says so; a location's own chain wins", async () => {
    await threeStages();
    const tokens = await ctx.signedInUsers({ chef: { administrator: true } });
    const night = '2026-01-15T23:30:00Z';
    const alarmId = await insertAlarm(db, { kind: 'offline', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: night });
    for (const minutes of [0, 15, 30]) await advanceEscalationChains(db, PUBLIC_URL, plus(night, minutes));
    const stage3 = (await timeline(alarmId)).filter((step) => step.action === 'stage')[2];
    expect(stage3.details).toEqual({ number: 3, reached: [], skipped: [{ name: 'derde Test', reason: 'quietHours' }] });

    const path = `/customers/${encodeURIComponent('Gemeente Utrecht')}/locations/Stadhuis/alarmEscalation`;
    const own = await caller(ctx)(tokens.chef, 'PATCH', path, { stages: [{ minutes: 5, users: ['derde@example.com'], channels: ['sms'], duringQuietHours: true }] });
    expect(own.statusCode).toBe(200);
    const second = await insertAlarm(db, { kind: 'lowBattery', eui: NODE_A, customerId: world.customerA, locationId: world.locationA, openedAt: night });
    expect(await advanceEscalationChains(db, PUBLIC_URL, plus(night, 4))).toBe(0);
    expect(await advanceEscalationChains(db, PUBLIC_URL, plus(night, 5))).toBe(1);
    expect((await timeline(second)).find((step) => step.action === 'stage')!.details).toEqual({
      number: 1,
      reached: [{ name: 'derde Test', channels: ['sms'] }],
      skipped: [],
    });
    const refused = await caller(ctx)(tokens.chef, 'PATCH', path, {
      stages: [
        { minutes: 10, users: ['derde@example.com'] },
        { minutes: 10, users: ['derde@example.com'] },
      ],
    });
    expect([refused.statusCode, refused.json().fields]).toEqual([400, { 'stages.1.minutes': 'validation.stageOrder' }]);
  });
});
