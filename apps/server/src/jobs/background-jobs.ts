import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_GATEWAY_OFFLINE_AFTER_MS } from '@aquasmart/domain';
import type { TDatabase } from '../db/database';
import { ChangeFeed } from '../lib/change-feed';
import { JobRegistry, type TBackgroundJob } from '../lib/job-registry';
import { createOfflineAlarmJob, OFFLINE_ALARM_SWEEP_EVERY_MS } from '../modules/alarms/offline-alarm-job';
import { ALARM_NOTIFIER_IDLE_MS, createAlarmNotifier } from '../modules/alarm-notifications/alarm-notifications-loop';
import { ALERT_MAILER_IDLE_MS, createAlertMailer } from '../modules/alerts/alert-mailer';
import { smtpTransport } from '../modules/alerts/mail-transport';
import { createDashboardRefresher, DASHBOARD_REFRESH_MS } from '../modules/dashboard/dashboard-refresher';
import { DOWNLINK_SENDER_IDLE_MS } from '../modules/downlinks/downlink-sender';
import { createGatewayOfflineJob, GATEWAY_OFFLINE_EVERY_MS } from '../modules/gateways/gateway-offline-job';
import { createLogbookDaysJob, LOGBOOK_DAYS_EVERY_MS } from '../modules/logbook/logbook-days-job';
import { LOGBOOK_STATEMENT_TIMEOUT_MS, prepareMonthlyDraft, type TLogbookRenderers } from '../modules/logbook/logbook-service';
import { createMonthlyLogbookJob, MONTHLY_LOGBOOK_EVERY_MS } from '../modules/logbook/monthly-logbook-job';
import { RETENTION_EVERY_MS } from '../modules/maintenance/intake-retention';
import { createMaintenance } from '../modules/maintenance/maintenance';
import { VACUUM_EVERY_MS } from '../modules/maintenance/vacuum-job';
import { createPlatformSender, PLATFORM_SENDER_IDLE_MS, type TSenderSettings } from '../modules/platforms/platform-sender';
import { CHANNEL_SENDER_IDLE_MS, createChannelSender, type TChannelSettings } from '../modules/alarm-channels/channel-outbox';
import { createEscalationChain, ESCALATION_CHAIN_EVERY_MS } from '../modules/alarm-notifications/escalation-chain';
import { createSamplingDueJob, SAMPLING_DUE_EVERY_MS } from '../modules/sampling/sampling-due';
import { CHECK_DUE_EVERY_MS, createCheckDueJob } from '../modules/outlets/check-due';
import { INTAKE_WORKER_IDLE_MS } from '../modules/telemetry/intake-worker';
import { createWebhookSender, WEBHOOK_SENDER_IDLE_MS, type TWebhookSettings } from '../modules/webhooks/webhook-sender';
import { createTelemetryPipeline } from '../telemetry-pipeline';

/** A job of one loop, named as its loop. */
function loopJob(name: string, everyMs: number, lease: string, loop: { start(): unknown; stop(): Promise<void> }): TBackgroundJob {
  return { name, intervals: { [name]: everyMs }, lease, start: () => loop.start(), stop: () => loop.stop() };
}

export interface TBackgroundJobsOptions {
  database: TDatabase;
  log: FastifyBaseLogger;
  /** GATEWAY_OFFLINE_AFTER in seconds; the domain's default when not given. */
  gatewayOfflineAfterSeconds?: number;
  copyName?: string;
  intakeSpoolDir?: string;
  /** E-mail alerts: SMTP_URL, MAIL_FROM, PUBLIC_URL (docs/alerts.md). */
  mail?: { smtpUrl?: string; from?: string; publicUrl?: string };
  platforms: TSenderSettings;
  /** Webhooks (docs/webhooks.md): where they may go. */
  webhooks: TWebhookSettings;
  /** Teams, Slack and SMS (docs/alarm-notifications.md, "Channels"). */
  channels: TChannelSettings;
  logbookRenderers: TLogbookRenderers;
}

/**
 * Every background job of the server process, in one list (docs/architecture.md, "Background
 * jobs"): started in this order when the server starts them (`backgroundWorkers`), stopped in the
 * reverse order on close. The jobs run on the system connections, which API requests never hold.
 * Answers the registry and the jobs' handles the routes need (the intake writer, wake-ups).
 */
export function createBackgroundJobs(options: TBackgroundJobsOptions) {
  const { database, log } = options;
  const db = database.system;
  const telemetry = createTelemetryPipeline(db, log, { intakeSpoolDir: options.intakeSpoolDir, copyName: options.copyName, stalled: database.stalled });
  const mailer = createAlertMailer(db, {
    transport: options.mail?.smtpUrl && options.mail.from ? smtpTransport(options.mail.smtpUrl, options.mail.from) : null,
    publicUrl: options.mail?.publicUrl ?? 'http://localhost:3000',
    lockWhileSending: database.kind === 'postgres',
    log,
    idleMs: ALERT_MAILER_IDLE_MS,
  });
  // Alarm notifications (docs/alarm-notifications.md): reads the alarms table, writes into the mailer's outbox.
  // Teams, Slack and SMS messages: written by the notifier, the chain and the phone codes, sent once with retries.
  const channelSender = createChannelSender(db, options.channels, log, CHANNEL_SENDER_IDLE_MS);
  const queued = () => {
    mailer.wake();
    channelSender.wake();
  };
  const alarmNotifier = createAlarmNotifier(db, { publicUrl: mailer.publicUrl, log, onQueued: queued, idleMs: ALARM_NOTIFIER_IDLE_MS });
  // The escalation chains (docs/escalation.md): a stage when it is due, until someone acknowledges.
  const escalationChain = createEscalationChain(db, { publicUrl: mailer.publicUrl, log, onQueued: queued, idleMs: ESCALATION_CHAIN_EVERY_MS });
  const monthlyLogbook = createMonthlyLogbookJob(
    {
      db,
      publicUrl: mailer.publicUrl,
      now: () => new Date(),
      log,
      prepareDraft: (args) => prepareMonthlyDraft(db, args),
      onQueued: () => mailer.wake(),
    },
    MONTHLY_LOGBOOK_EVERY_MS,
  );
  const logbookDays = createLogbookDaysJob({ db, log, statementTimeoutMs: LOGBOOK_STATEMENT_TIMEOUT_MS }, LOGBOOK_DAYS_EVERY_MS);
  const offlineAlarms = createOfflineAlarmJob({ db, now: () => new Date(), log }, OFFLINE_ALARM_SWEEP_EVERY_MS);
  const gatewayOfflineAfterMs = (options.gatewayOfflineAfterSeconds ?? DEFAULT_GATEWAY_OFFLINE_AFTER_MS / 1000) * 1000;
  const gatewayOffline = createGatewayOfflineJob({ db, log, offlineAfterMs: gatewayOfflineAfterMs }, GATEWAY_OFFLINE_EVERY_MS);
  // The live change stream (docs/events.md): one LISTEN per copy, opened at start (or by the first stream).
  const changeFeed = new ChangeFeed(database, log);
  const dashboardRefresher = createDashboardRefresher({ db, feed: changeFeed, log, intervalMs: DASHBOARD_REFRESH_MS });
  const samplingDue = createSamplingDueJob({ db, log }, SAMPLING_DUE_EVERY_MS);
  const checksDue = createCheckDueJob({ db, log }, CHECK_DUE_EVERY_MS);
  const platformSender = createPlatformSender(db, options.platforms, log, PLATFORM_SENDER_IDLE_MS);
  const webhookSender = createWebhookSender(db, options.webhooks, log, WEBHOOK_SENDER_IDLE_MS);
  const maintenance = createMaintenance(database, log);

  const registry = new JobRegistry([
    {
      name: 'telemetry pipeline (intake worker, downlink sender, ChirpStack MQTT)',
      intervals: { 'intake batch': INTAKE_WORKER_IDLE_MS, 'downlink sending': DOWNLINK_SENDER_IDLE_MS },
      lease: 'intake_events and downlinks rows claimed FOR UPDATE SKIP LOCKED',
      start: () => telemetry.start(),
      // Finishes the work in hand: the intake writer's last group commit, then the loops.
      stop: () => telemetry.stop(),
    },
    loopJob('e-mail alerts', ALERT_MAILER_IDLE_MS, 'composing under a try advisory lock (alertComposer); mails claimed FOR UPDATE SKIP LOCKED on PostgreSQL', mailer),
    loopJob('alarm notifications', ALARM_NOTIFIER_IDLE_MS, 'a try advisory lock (alarmNotifier); alarms claimed FOR UPDATE SKIP LOCKED', alarmNotifier),
    loopJob('escalation chains', ESCALATION_CHAIN_EVERY_MS, 'a try advisory lock (escalationChain); alarms claimed FOR UPDATE SKIP LOCKED', escalationChain),
    loopJob('alarm channel messages', CHANNEL_SENDER_IDLE_MS, 'messages claimed FOR UPDATE SKIP LOCKED and leased while a request is out', channelSender),
    loopJob('monthly logbook', MONTHLY_LOGBOOK_EVERY_MS, 'an advisory lock (monthlyLogbookMail) while the e-mails are looked for and written', monthlyLogbook),
    loopJob('logbook days', LOGBOOK_DAYS_EVERY_MS, 'an advisory lock (logbookDays) while day summaries are written', logbookDays),
    loopJob('offline alarms', OFFLINE_ALARM_SWEEP_EVERY_MS, 'none needed: ON CONFLICT on the one-open-alarm index', offlineAlarms),
    loopJob('gateway offline', GATEWAY_OFFLINE_EVERY_MS, 'none needed: ON CONFLICT on the one-open-alarm index', gatewayOffline),
    loopJob('sampling due', SAMPLING_DUE_EVERY_MS, 'none needed: ON CONFLICT on the one-open-alarm index', samplingDue),
    loopJob('checks due', CHECK_DUE_EVERY_MS, 'none needed: ON CONFLICT on the one-open-alarm index', checksDue),
    {
      name: 'change feed',
      intervals: {},
      lease: 'none: every copy LISTENs for itself',
      start: () => changeFeed.start(),
      stop: () => changeFeed.stop(),
    },
    loopJob('dashboard refresher', DASHBOARD_REFRESH_MS, 'an advisory lock (dashboardSummary): the copy that gets it does the run', dashboardRefresher),
    loopJob('platform deliveries', PLATFORM_SENDER_IDLE_MS, 'endpoints claimed FOR UPDATE SKIP LOCKED and leased while a request is out', platformSender),
    loopJob('webhook deliveries', WEBHOOK_SENDER_IDLE_MS, 'deliveries claimed FOR UPDATE SKIP LOCKED and leased while a request is out', webhookSender),
    {
      name: 'maintenance (intake retention, vacuum)',
      intervals: { 'intake retention': RETENTION_EVERY_MS, vacuum: VACUUM_EVERY_MS },
      lease: 'none needed: deletes and vacuums are safe to repeat',
      start: () => maintenance.start(),
      stop: () => maintenance.stop(),
    },
  ]);
  return { registry, telemetry, mailer, changeFeed, platformSender, webhookSender, channelSender };
}
