import { sql } from 'drizzle-orm';
import { backoffSeconds, CHANNEL_MAX_ATTEMPTS, CHANNEL_MESSAGE_KEEP_DAYS, CHANNEL_PHONE_CODE_KEEP_HOURS, CHANNEL_RETRY_SECONDS, deliveryVerdict, isChannelWebhookUrl, type TOutboxChannel } from '@aquasmart/domain';
import { queryRows, type TDb, type TDbOrTx } from '../../db/database';
import { column, rowShape, type TRowOf } from '../../db/rows';
import type { AddressPolicy } from '../../lib/outbound/address-policy';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { postJson, RefusedTarget, type TPostResult } from '../../lib/outbound/post-json';
import { addAlarmSteps } from '../alarm-store/alarm-store';
import { twilioRequest } from './channel-formats';

/**
 * The channel outbox (docs/alarm-notifications.md, "Channels"): Teams, Slack and SMS messages are
 * written into alarm_messages in the transaction that decides them (the notifier, a stage of the
 * chain, a phone code), and the channel sender delivers each once: a 2xx is sent; a 5xx, 408, 429
 * or no answer is tried again after a back-off (30 s doubling to an hour, CHANNEL_MAX_ATTEMPTS in
 * all); any other answer, or a target the address rules refuse, fails at once. The outbound
 * request follows the platforms' rules (lib/outbound/post-json.ts: no private addresses unless
 * PLATFORM_ALLOWED_ADDRESSES lists them, checked address pinned, no redirects, time limits).
 */

export interface TSmsSettings {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

export interface TChannelSettings {
  policy: AddressPolicy;
  /** null: no SMS provider configured (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM). */
  sms: TSmsSettings | null;
  /** Teams and Slack URLs on any host (CHANNEL_ANY_WEBHOOK_HOST=on); else only theirs. */
  anyWebhookHost: boolean;
  connectTimeoutMs?: number;
  answerTimeoutMs?: number;
}

export type TMessagePurpose = 'alarms' | 'alarmDigest' | 'stage' | 'phoneCode';

export interface TNewChannelMessage {
  channel: TOutboxChannel;
  purpose: TMessagePurpose;
  userId: number | null;
  /** The webhook URL or the phone number. */
  recipient: string;
  body: string;
  alarmIds?: readonly number[];
  stage?: number | null;
}

/** Writes messages into the outbox, in the caller's transaction. */
export async function insertChannelMessages(tx: TDbOrTx, messages: readonly TNewChannelMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  const rows = messages.map((message) => ({
    channel: message.channel,
    purpose: message.purpose,
    user_id: message.userId,
    recipient: message.recipient,
    body: message.body,
    alarm_ids: message.alarmIds ?? [],
    stage: message.stage ?? null,
    at: now.toISOString(),
  }));
  await tx.execute(sql`INSERT INTO alarm_messages (channel, purpose, user_id, recipient, body, alarm_ids, stage, next_attempt_at, created_at)
    SELECT r.channel, r.purpose, r.user_id, r.recipient, r.body, r.alarm_ids, r.stage, r.at, r.at
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(channel text, purpose text, user_id int, recipient text, body text, alarm_ids jsonb, stage int, at timestamptz)`);
}

const claimed = rowShape({
  id: column.number,
  channel: column.as<TOutboxChannel>(),
  purpose: column.as<TMessagePurpose>(),
  user_id: column.as<number | null>(),
  recipient: column.as<string>(),
  body: column.as<string>(),
  alarm_ids: column.json<number[]>(),
  stage: column.nullable(column.number),
  attempts: column.number,
});
type TClaimed = TRowOf<typeof claimed>;

/** While a request is out the message is leased this long, so another copy leaves it alone. */
const LEASE_SECONDS = 120;

/** Sends one message's request; answers what came back. Status 0: refused before sending (a bad URL, a forbidden address, no provider). */
export async function sendChannelMessage(message: Pick<TClaimed, 'channel' | 'recipient' | 'body'>, settings: TChannelSettings): Promise<TPostResult> {
  const started = Date.now();
  const options = { policy: settings.policy, connectTimeoutMs: settings.connectTimeoutMs, answerTimeoutMs: settings.answerTimeoutMs, userAgent: 'aquasmart-portal-alarms/1' };
  try {
    if (message.channel === 'sms') {
      if (!settings.sms) return { status: 0, answer: null, error: 'no SMS provider configured (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM)', durationMs: 0 };
      const request = twilioRequest(settings.sms, message.recipient, message.body);
      return await postJson(request.url, request.body, request.headers, { ...options, contentType: request.contentType });
    }
    if (!settings.anyWebhookHost && !isChannelWebhookUrl(message.channel, message.recipient)) {
      return { status: 0, answer: null, error: `refused: not a ${message.channel === 'teams' ? 'Teams' : 'Slack'} webhook host (CHANNEL_ANY_WEBHOOK_HOST)`, durationMs: 0 };
    }
    return await postJson(message.recipient, message.body, {}, options);
  } catch (error) {
    return { status: error instanceof RefusedTarget ? 0 : null, answer: null, error: error instanceof Error ? error.message : String(error), durationMs: Date.now() - started };
  }
}

/** What happens after an answer: sent, tried again later, or failed for good. */
export function outcomeOf(result: TPostResult, attempts: number): 'sent' | 'retrying' | 'failed' {
  if (result.status === 0) return 'failed';
  const verdict = deliveryVerdict(result.status);
  if (verdict === 'delivered') return 'sent';
  if (verdict === 'park') return 'failed';
  return attempts >= CHANNEL_MAX_ATTEMPTS ? 'failed' : 'retrying';
}

async function recordOutcome(db: TDb, message: TClaimed, result: TPostResult, now: Date): Promise<void> {
  const attempts = message.attempts + 1;
  const state = outcomeOf(result, attempts);
  const wait = backoffSeconds(attempts, CHANNEL_RETRY_SECONDS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE alarm_messages SET state = ${state}, attempts = ${attempts},
        next_attempt_at = ${new Date(now.getTime() + wait * 1000).toISOString()},
        last_status = ${result.status === 0 ? null : result.status}, last_error = ${result.error}, last_answer = ${result.answer?.slice(0, 500) ?? null},
        sent_at = ${state === 'sent' ? now.toISOString() : null}
      WHERE id = ${message.id}`);
    // The alarm's timeline says when a message arrived or was given up (docs/escalation.md).
    if (state !== 'retrying' && message.alarm_ids.length) {
      const [user] = message.user_id === null ? [] : await queryRows<{ name: string }>(tx, sql`SELECT coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name FROM users WHERE id = ${message.user_id}`);
      await addAlarmSteps(
        tx,
        message.alarm_ids.map((alarmId) => ({
          alarmId,
          action: 'messaged' as const,
          at: now.toISOString(),
          details: { channel: message.channel, state, to: user?.name ?? '', stage: message.stage, messageId: message.id },
        })),
      );
    }
  });
}

/**
 * One round of the channel sender: leases up to `limit` due messages (FOR UPDATE SKIP LOCKED) and
 * sends them side by side. Answers how many it took.
 */
export async function deliverChannelMessages(db: TDb, settings: TChannelSettings, now = new Date(), limit = 16): Promise<number> {
  const due = await claimed.read(
    db,
    sql`UPDATE alarm_messages m SET next_attempt_at = ${new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString()}
      WHERE m.id IN (SELECT id FROM alarm_messages WHERE state IN ('pending', 'retrying') AND next_attempt_at <= ${now.toISOString()}
        ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING m.id, m.channel, m.purpose, m.user_id, m.recipient, m.body, m.alarm_ids, m.stage, m.attempts`,
  );
  await Promise.all(due.map(async (message) => recordOutcome(db, message, await sendChannelMessage(message, settings), now)));
  await dropOldMessages(db, now);
  return due.length;
}

/** When this process last swept (by the sender's clock); several copies each sweep, harmlessly. */
let lastSweep = 0;
const SWEEP_EVERY_MS = 60_000;

/**
 * Sent and failed messages older than CHANNEL_MESSAGE_KEEP_DAYS leave the outbox, a phone code's after
 * CHANNEL_PHONE_CODE_KEEP_HOURS (its body is the code); pending and retrying ones stay until decided.
 * What an alarm's reader needs stays in its timeline (`messaged` steps).
 */
async function dropOldMessages(db: TDb, now: Date): Promise<void> {
  if (Math.abs(now.getTime() - lastSweep) < SWEEP_EVERY_MS) return;
  lastSweep = now.getTime();
  const at = now.toISOString();
  await db.execute(sql`DELETE FROM alarm_messages WHERE state IN ('sent', 'failed')
    AND (created_at < ${at}::timestamptz - ${sql.raw(`interval '${CHANNEL_MESSAGE_KEEP_DAYS} days'`)}
      OR (purpose = 'phoneCode' AND created_at < ${at}::timestamptz - ${sql.raw(`interval '${CHANNEL_PHONE_CODE_KEEP_HOURS} hours'`)}))`);
}

/** How often the sender looks for due messages when idle. */
export const CHANNEL_SENDER_IDLE_MS = 2000;

/** The channel sender's background loop (registered in jobs/background-jobs.ts). */
export function createChannelSender(db: TDb, settings: TChannelSettings, log: TLoopLog, idleMs = CHANNEL_SENDER_IDLE_MS, now: () => Date = () => new Date()): BackgroundLoop {
  return new BackgroundLoop('alarm channel messages', () => deliverChannelMessages(db, settings, now()), log, idleMs);
}
