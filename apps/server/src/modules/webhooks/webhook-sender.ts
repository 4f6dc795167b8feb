import { sql } from 'drizzle-orm';
import { WEBHOOK_ANSWER_TIMEOUT_MS, WEBHOOK_CONNECT_TIMEOUT_MS, WEBHOOK_KEEP_DAYS, webhookDelivered, webhookRetryDelaySeconds } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import type { AddressPolicy } from '../../lib/outbound/address-policy';
import { postJson, RefusedTarget, type TPostResult } from '../../lib/outbound/post-json';
import { webhookHeaders } from './webhook-signature';

export interface TWebhookSettings {
  /** Where a webhook may go: the platforms' policy (PLATFORM_ALLOWED_ADDRESSES), docs/platforms.md "Safe by default". */
  policy: AddressPolicy;
  /** The clock that decides what is due and when to try again (the tests move it); the signature's timestamp is the wall clock's. */
  now?: () => Date;
  connectTimeoutMs?: number;
  answerTimeoutMs?: number;
}

/** While a request is out the delivery is leased this long, so another server copy leaves it alone. */
const LEASE_SECONDS = 120;
/** Requests in flight per round at most. */
const ROUND_SIZE = 16;
/** How often the sender looks for due deliveries when idle. */
export const WEBHOOK_SENDER_IDLE_MS = 2000;

export const webhookMessageId = (id: number) => `msg_${id}`;

const dueRow = rowShape({
  id: column.number,
  attempts: column.number,
  payload: column.json<Record<string, unknown>>(),
  url: column.as<string>(),
  secret: column.as<string>(),
});
export type TDueDelivery = ReturnType<typeof dueRow.decode>;

const nowOf = (settings: TWebhookSettings) => (settings.now ?? (() => new Date()))();
const after = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000).toISOString();

/** Leases due deliveries of enabled subscriptions (`FOR UPDATE SKIP LOCKED`: several server copies share the work). */
async function claimDue(db: TDb, now: Date, limit: number): Promise<TDueDelivery[]> {
  return dueRow.read(
    db,
    sql`WITH due AS (
        SELECT w.id FROM webhook_deliveries w JOIN webhook_subscriptions s ON s.id = w.subscription_id AND s.enabled
        WHERE w.state = 'pending' AND w.next_attempt_at <= ${now.toISOString()}::timestamptz
        ORDER BY w.next_attempt_at, w.id LIMIT ${limit} FOR UPDATE OF w SKIP LOCKED
      )
      UPDATE webhook_deliveries d SET next_attempt_at = ${after(now, LEASE_SECONDS)}::timestamptz
      FROM due, webhook_subscriptions s WHERE d.id = due.id AND s.id = d.subscription_id
      RETURNING d.id, d.attempts, d.payload, s.url, s.secret`,
  );
}

/** One signed POST of one delivery. A target refused before sending (SSRF rules, bad URL) answers status 0. */
export async function postWebhook(url: string, secret: string, id: string, payload: Record<string, unknown>, settings: TWebhookSettings): Promise<TPostResult> {
  const body = JSON.stringify(payload);
  const started = Date.now();
  try {
    return await postJson(url, body, webhookHeaders(secret, id, Math.floor(Date.now() / 1000), body), {
      policy: settings.policy,
      connectTimeoutMs: settings.connectTimeoutMs ?? WEBHOOK_CONNECT_TIMEOUT_MS,
      answerTimeoutMs: settings.answerTimeoutMs ?? WEBHOOK_ANSWER_TIMEOUT_MS,
      userAgent: 'aquasmart-portal-webhooks/1',
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: error instanceof RefusedTarget ? 0 : null, answer: null, error: message, durationMs: Date.now() - started };
  }
}

/**
 * Records one attempt: 2xx delivered; a refused target failed at once (trying again would not
 * help); anything else tried again on the schedule (WEBHOOK_RETRY_SECONDS) until it gives up.
 */
export async function recordAttempt(db: TDbOrTx, delivery: { id: number; attempts: number }, result: TPostResult, now: Date, retry = true): Promise<void> {
  const attempts = delivery.attempts + 1;
  const status = result.status === 0 ? null : result.status;
  const delivered = webhookDelivered(status);
  const wait = delivered || result.status === 0 || !retry ? null : webhookRetryDelaySeconds(attempts);
  const state = delivered ? 'delivered' : wait === null ? 'failed' : 'pending';
  await db.execute(sql`UPDATE webhook_deliveries SET state = ${state}, attempts = ${attempts}, last_attempt_at = ${now.toISOString()}::timestamptz,
      last_status = ${status}, last_duration_ms = ${Math.round(result.durationMs)}, last_answer = ${result.answer}, last_error = ${result.error},
      delivered_at = ${delivered ? now.toISOString() : null}::timestamptz,
      next_attempt_at = ${wait === null ? now.toISOString() : after(now, wait)}::timestamptz
    WHERE id = ${delivery.id} AND state = 'pending'`);
}

/** One round of the sender: answers how many deliveries it tried. */
export async function deliverDueWebhooks(db: TDb, settings: TWebhookSettings, limit = ROUND_SIZE): Promise<number> {
  const now = nowOf(settings);
  await dropOldDeliveries(db, now);
  const due = await claimDue(db, now, limit);
  await Promise.all(
    due.map(async (delivery) => {
      const result = await postWebhook(delivery.url, delivery.secret, webhookMessageId(delivery.id), delivery.payload, settings);
      await recordAttempt(db, delivery, result, nowOf(settings));
    }),
  );
  return due.length;
}

/** The background loop of the webhooks (jobs/background-jobs.ts). */
export function createWebhookSender(db: TDb, settings: TWebhookSettings, log: TLoopLog, idleMs = WEBHOOK_SENDER_IDLE_MS): BackgroundLoop {
  return new BackgroundLoop('webhook deliveries', () => deliverDueWebhooks(db, settings), log, idleMs);
}

/** When the last sweep ran (per process; several copies each sweep, harmlessly). */
let lastSweep = 0;
const SWEEP_EVERY_MS = 60_000;

/** Delivered and failed deliveries older than WEBHOOK_KEEP_DAYS leave the log; pending ones stay until they are given up. */
async function dropOldDeliveries(db: TDbOrTx, now: Date): Promise<void> {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  await db.execute(sql`DELETE FROM webhook_deliveries WHERE state <> 'pending'
    AND created_at < ${now.toISOString()}::timestamptz - ${sql.raw(`interval '${WEBHOOK_KEEP_DAYS} days'`)}`);
}
