import { z } from 'zod';
import { zEmail } from './validation/validators';

/**
 * E-mail alerts (docs/alerts.md): what the intake raises, the e-mails the outbox holds, and the
 * administrators' outbox calls.
 */

/** What raises an e-mail alert: a weak flush, water detected, water no longer detected. */
export const ALERT_KINDS = ['flush', 'overflowStarted', 'overflowResolved'] as const;
export type TAlertKind = (typeof ALERT_KINDS)[number];

/**
 * States of an outbox e-mail: `pending` waits for (another) attempt, `sent` was accepted by the
 * mail server, `failed` was given up after MAIL_GIVE_UP_HOURS of attempts, `unsent` was written
 * while no mail server was configured.
 */
export const MAIL_STATES = ['pending', 'sent', 'failed', 'unsent'] as const;
export type TMailState = (typeof MAIL_STATES)[number];

/**
 * alerts (docs/alerts.md), the administrators' test e-mail, the monthly logbook (docs/logbook.md),
 * alarm notifications: immediately, the daily digest and escalation (docs/alarm-notifications.md),
 * the forgotten-password link (docs/users.md; its body is blanked once it is sent or given up).
 */
export const MAIL_KINDS = ['alerts', 'test', 'logbook', 'alarms', 'alarmDigest', 'alarmEscalation', 'passwordReset'] as const;
export type TMailKind = (typeof MAIL_KINDS)[number];

/** At most one alert e-mail per user in this time; alarms in between wait and go together. */
export const ALERT_MAIL_INTERVAL_MS = 60_000;
/** An e-mail that could not be delivered for this long is given up (state `failed`). */
export const MAIL_GIVE_UP_HOURS = 24;
/** The last error of an e-mail written while no mail server (SMTP_URL) is configured. */
export const NO_MAIL_SERVER = 'not sent: no mail server configured';
/** Times in e-mails are Dutch time, whatever the server's zone. */
export const ALERT_TIME_ZONE = 'Europe/Amsterdam';

/** GET /mailOutbox: one e-mail of the outbox, newest first. */
export const ZMailOutboxItem = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  recipient: z.string(),
  subject: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** How many alarms the e-mail lists (0 for a test e-mail). */
  alerts: z.number().int(),
});
export type TMailOutboxItem = z.infer<typeof ZMailOutboxItem>;

export const ZMailOutboxQuery = z.object({
  state: z.enum(MAIL_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

/** POST /mailOutbox/test: to the given address, or to the caller's own. */
export const ZTestMailRequest = z.object({ to: zEmail().optional() });
export type TTestMailRequest = z.infer<typeof ZTestMailRequest>;

/** The node page an alert links to: `${publicUrl}/nodes/{customer}/{location}/{eui}`, names URL-encoded. */
export function nodePageUrl(publicUrl: string, customer: string, location: string, eui: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/nodes/${encodeURIComponent(customer)}/${encodeURIComponent(location)}/${encodeURIComponent(eui)}`;
}

/** The web address of an alarm (its detail with the timeline); every alarm e-mail links to it. */
export function alarmPageUrl(publicUrl: string, alarmId: number | string): string {
  return `${publicUrl.replace(/\/+$/, '')}/alarms/${encodeURIComponent(String(alarmId))}`;
}
