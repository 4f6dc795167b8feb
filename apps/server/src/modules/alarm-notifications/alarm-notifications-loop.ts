import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import type { TDb } from '../../db/database';
import { composeAlarmMails, escalateAlarms, queueAlarmNotifications } from './alarm-notifier';

/** How often the loop looks for new alarms and due items when idle. */
export const ALARM_NOTIFIER_IDLE_MS = 5000;
/** Escalation looks at every unacknowledged alarm of customers with recipients: once a minute is soon enough. */
export const ESCALATION_EVERY_MS = 60_000;

export interface TAlarmNotifierOptions {
  publicUrl: string;
  log: TLoopLog;
  now?: () => Date;
  /** Called when e-mails were written: the alerts' mailer delivers them (wake it). */
  onQueued: () => void;
  idleMs?: number;
}

/**
 * The alarm notifications' background work (docs/alarm-notifications.md): hand out new alarms,
 * write due e-mails (immediately, digest) and escalate, each step its own transaction. A loop of
 * lib/background-loop, started with the server; tests drive the steps by hand.
 */
export function createAlarmNotifier(db: TDb, options: TAlarmNotifierOptions) {
  const now = options.now ?? (() => new Date());
  let lastEscalation = 0;
  const step = async () => {
    const queued = await queueAlarmNotifications(db, now());
    const composed = await composeAlarmMails(db, options.publicUrl, now());
    let escalated = 0;
    if (Date.now() - lastEscalation >= ESCALATION_EVERY_MS) {
      escalated = await escalateAlarms(db, options.publicUrl, now());
      if (escalated === 0) lastEscalation = Date.now();
    }
    if (composed + escalated > 0) options.onQueued();
    return queued + composed + escalated;
  };
  const loop = new BackgroundLoop('alarm notifications', step, options.log, options.idleMs ?? ALARM_NOTIFIER_IDLE_MS);
  return {
    start: () => loop.start(),
    wake: () => loop.wake(),
    stop: () => loop.stop(),
  };
}
