import { NO_MAIL_SERVER } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { BackgroundLoop } from '../../lib/background-loop';
import { composeDueAlertMails } from './alert-composer';
import { sendDueMails } from './mail-sender';
import type { TMailTransport } from './mail-transport';

export interface TMailerLog {
  error(object: object, message: string): void;
  warn(message: string): void;
}

export interface TAlertMailerOptions {
  /** null: no SMTP_URL; e-mails stay in the outbox, marked "not sent: no mail server configured". */
  transport: TMailTransport | null;
  publicUrl: string;
  lockWhileSending: boolean;
  log: TMailerLog;
  idleMs?: number;
  retryBaseMs?: number;
  intervalMs?: number;
}

/** How often the mailer looks for alert items and e-mails to send when idle. */
export const ALERT_MAILER_IDLE_MS = 2000;

/**
 * The e-mail alerts' background work (docs/alerts.md): gather waiting alert items into e-mails,
 * then deliver the outbox. A loop of lib/background-loop: every 2 seconds, at once when woken
 * (a test e-mail was queued). Started with the server; tests drive the two steps by hand.
 */
export function createAlertMailer(db: TDb, options: TAlertMailerOptions) {
  const step = async () => {
    const composed = await composeDueAlertMails(db, options.publicUrl, options.intervalMs);
    const sent = await sendDueMails(db, options.transport, { lockWhileSending: options.lockWhileSending, retryBaseMs: options.retryBaseMs });
    return composed + sent;
  };
  const loop = new BackgroundLoop('e-mail alerts', step, options.log, options.idleMs ?? ALERT_MAILER_IDLE_MS);
  return {
    publicUrl: options.publicUrl,
    /** false without SMTP_URL: e-mails are marked not sent at once. */
    mailServerConfigured: options.transport !== null,
    start(): void {
      if (!options.transport) options.log.warn(`No mail server configured (SMTP_URL): e-mails stay in the outbox, marked "${NO_MAIL_SERVER}"`);
      loop.start();
    },
    wake(): void {
      loop.wake();
    },
    async stop(): Promise<void> {
      await loop.stop();
      options.transport?.close();
    },
  };
}

export type TAlertMailer = ReturnType<typeof createAlertMailer>;
