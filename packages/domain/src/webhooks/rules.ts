/**
 * Webhooks (docs/webhooks.md; issue 42 item 5): the event types a subscription can ask for, the
 * retry schedule and the secret's format. Pure, so the server, the web app and the tests share them.
 */

/** Event types, in Standard Webhooks' dotted style (`<subject>.<what happened>`). */
export const WEBHOOK_EVENT_TYPES = [
  'alarm.opened',
  'alarm.changed',
  'alarm.closed',
  'deviation.found',
  'labResult.entered',
  'check.done',
  'node.registered',
  'node.moved',
  'node.removed',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test" sends; never subscribed to, every subscription can receive it. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

/** Every secret starts with this (Standard Webhooks); the rest is the base64 of the key's bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Random bytes of a secret (Standard Webhooks asks for 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

/**
 * Seconds to wait after the n-th failed attempt (1-based) before the next; the schedule Standard
 * Webhooks' reference implementation uses: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. After the
 * eighth failed attempt (about 27.6 hours after the first) the delivery is given up: `failed`.
 */
export const WEBHOOK_RETRY_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SECONDS.length + 1;

/** The wait before the next attempt after `failures` failed attempts, or null: give up. */
export function webhookRetryDelaySeconds(failures: number): number | null {
  if (failures < 1) return 0;
  return WEBHOOK_RETRY_SECONDS[failures - 1] ?? null;
}

/** 2xx is delivered; anything else (and no answer) is tried again on the schedule. */
export function webhookDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

/** Subscriptions per customer (and for every customer) at most, and the URL's length. */
export const WEBHOOK_MAX_SUBSCRIPTIONS = 50;
export const WEBHOOK_URL_MAX = 2000;
/** Deliveries shown in a subscription's log; delivered and failed deliveries are kept this many days. */
export const WEBHOOK_LOG_ROWS = 50;
export const WEBHOOK_KEEP_DAYS = 30;
/** Time limits: connect (DNS, TCP, TLS) and the whole answer; a receiver should answer quickly and work afterwards. */
export const WEBHOOK_CONNECT_TIMEOUT_MS = 5_000;
export const WEBHOOK_ANSWER_TIMEOUT_MS = 15_000;

/** The secret as shown after creation: `whsec_` and the first 4 characters; the rest never leaves the server again. */
export function webhookSecretHint(secret: string): string {
  return `${secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4)}…`;
}
