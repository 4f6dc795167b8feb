import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TConfig } from './config';
import { registerListReadLimit } from './plugins/list-read-limit';
import { registerJsonBodyParser } from './plugins/json-body';
import { HTTP_TIMEOUTS, httpTimeoutOptions, type THttpTimeouts } from './http-timeouts';
import type { TDatabase } from './db/database';
import { registerErrorHandler } from './plugins/error-handler';
import { LOG_SERIALIZERS } from './lib/log-serializers';
import { registerAuthentication } from './plugins/authenticate';
import { registerDatabaseGate } from './plugins/database-gate';
import { registerStorableTextCheck } from './plugins/storable-text';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerOpenApi } from './plugins/openapi';
import { registerJsonCompression } from './plugins/compress-json';
import { registerWebApp } from './plugins/web-app';
import { authRoutes } from './modules/auth/auth-routes';
import { userRoutes } from './modules/users/user-routes';
import { apiKeyRoutes } from './modules/api-keys/api-key-routes';
import { ssoRoutes } from './modules/sso/sso-routes';
import { passwordRefusedFor } from './modules/sso/sso-service';
import { healthRoutes } from './modules/health/health-routes';
import { metricsRoutes } from './modules/health/metrics-routes';
import { httpRequestSeconds } from './lib/metrics';
import { customerRoutes } from './modules/customers/customer-routes';
import { intervalRoutes } from './modules/intervals/interval-routes';
import { locationRoutes } from './modules/locations/location-routes';
import { gatewayRoutes } from './modules/gateways/gateway-routes';
import { productRoutes } from './modules/products/product-routes';
import { calibrationLogRoutes } from './modules/calibration-logs/calibration-log-routes';
import { logbookRoutes } from './modules/logbook/logbook-routes';
import { deviationRoutes } from './modules/deviations/deviations-routes';
import { samplingRoutes } from './modules/sampling/sampling-routes';
import { outletRoutes } from './modules/outlets/outlet-routes';
import { disinfectionRoutes } from './modules/disinfections/disinfections-routes';
import { labelRoutes } from './modules/labels/labels-routes';
import { longReportReads, plainReportReads } from './modules/logbook/logbook-service';
import { createBackgroundJobs } from './jobs/background-jobs';
import { alarmRoutes } from './modules/alarms/alarm-routes';
import { threadedLogbookRenderers } from './modules/logbook/report-renderers';
import { logbookSigner } from './modules/logbook/report-signature';
import { logbookVerifyRoutes } from './modules/logbook/verify-routes';
import { threadedLabelsRenderer } from './modules/labels/labels-service';
import { createWorkerPool } from './lib/worker-pool';
import { HEAVY_REQUEST_LIMITS, registerHeavyRequestLimit, type THeavyRequestLimits } from './plugins/heavy-request-limit';
import { networkServerRoutes } from './modules/network-servers/network-server-routes';
import { deviceRoutes } from './modules/devices/device-routes';
import { deviceWriteRoutes } from './modules/devices/device-write-routes';
import { provisioningRoutes } from './modules/devices/provisioning-routes';
import { connectorRoutes } from './modules/connectors/connector-routes';
import { intakeRoutes } from './modules/intake/intake-routes';
import { parameterRoutes } from './modules/downlinks/parameter-routes';
import { calibrationRoutes } from './modules/calibration/calibration-routes';
import { alertRoutes } from './modules/alerts/alert-routes';
import { passwordResetRoutes } from './modules/password-reset/reset-routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor-routes';
import { secondStepFor } from './modules/two-factor/two-factor-service';
import { platformRoutes } from './modules/platforms/platform-routes';
import { platformSettings } from './modules/platforms/platform-settings';
import { webhookRoutes } from './modules/webhooks/webhook-routes';
import { alarmEscalationRoutes } from './modules/alarm-notifications/escalation-routes';
import { alarmChannelRoutes } from './modules/alarm-channels/channel-routes';
import { channelSettings } from './modules/alarm-channels/channel-settings';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes';
import { dashboardSamplingRoutes } from './modules/sampling/sampling-dashboard';
import { deviceRadioRoutes } from './modules/devices/device-radio-routes';
import { EventHub, type THubOptions } from './modules/events/event-hub';
import { eventRoutes } from './modules/events/event-routes';

export const API_PREFIX = '/api/v1';

/** One registered route: the rights catalogue and the route-table tests read these. */
export interface TRouteEntry {
  method: string;
  url: string;
  operationId?: string;
  readonly public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: TRouteEntry[];
  }
}

export interface TAppOptions {
  config: Pick<TConfig, 'TOKEN_TTL' | 'WEB_DIST' | 'LOG_LEVEL' | 'TRUST_PROXY'> &
    Partial<Pick<TConfig, 'GATEWAY_OFFLINE_AFTER' | 'COPY_NAME' | 'PLATFORM_BATCH_INTERVAL' | 'LEGIONELLADOSSIER_URL' | 'PLATFORM_ALLOWED_ADDRESSES' | 'LOGBOOK_SIGNING_P12' | 'LOGBOOK_SIGNING_PASSPHRASE' | 'PUBLIC_URL' | 'TWO_FACTOR_ADMINS' | 'METRICS_TOKEN' | 'METRICS_ALLOWED_ADDRESSES' | 'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM' | 'CHANNEL_ANY_WEBHOOK_HOST'>>;
  database: TDatabase;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (tests read the log from it); standard output otherwise. */
  logStream?: { write(line: string): void };
  /** Start the telemetry worker, downlink sender and MQTT connections (the server process; tests drive them by hand). */
  backgroundWorkers?: boolean;
  /** How long the HTTP server waits for clients; HTTP_TIMEOUTS where not given. */
  httpTimeouts?: Partial<THttpTimeouts>;
  /** E-mail alerts (docs/alerts.md): SMTP_URL, MAIL_FROM, PUBLIC_URL. Without a mail server e-mails stay in the outbox, not sent. */
  mail?: { smtpUrl?: string; from?: string; publicUrl?: string };
  /** The intake spool's folder (docs/telemetry.md, "While the database is unreachable"); PostgreSQL only, none by default. */
  intakeSpoolDir?: string;
  /** The live change stream's bounds and timings (docs/events.md); tests make them small. */
  events?: Partial<THubOptions>;
  /** Reports and label sheets in flight per user and in total (docs/operations-limits.md, "Heavy reports"); tests make them small. */
  heavyRequests?: Partial<THeavyRequestLimits>;
  /** Single sign-on (docs/sso.md): the clock of its states and of the ID token's expiry; tests move it. */
  sso?: { now?: () => Date };
}

/** Builds the whole server (API, OpenAPI, health, web app) without listening; tests build it too. */
/**
 * TRUST_PROXY for Fastify. A hop count becomes a function: this Fastify answers a plain number with
 * "trust nothing" (it cannot check the peer), which made `TRUST_PROXY=1` see only the proxy's
 * address. With a hop count the server must be reachable only through its proxies (docs/architecture.md, HTTP).
 */
export function trustProxyOption(value: TConfig['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/**
 * The request line as logged: no query string (search terms, conditions) and no
 * e-mail address in a path segment (`/users/{email}`), which would otherwise sit in every log.
 */
export function loggedUrl(url: string): string {
  const path = url.split('?')[0];
  return path
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? '{email}' : segment))
    .join('/');
}

export async function buildApp({ config, database, logger, logStream, backgroundWorkers = false, httpTimeouts, mail, intakeSpoolDir, events, heavyRequests, sso }: TAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...httpTimeoutOptions({ ...HTTP_TIMEOUTS, ...httpTimeouts }),
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers["x-access-token"]'],
      serializers: LOG_SERIALIZERS,
      ...(logStream ? { stream: logStream } : {}),
    },
    // Fastify's two lines per request are replaced by the one line of the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // On close, idle keep-alive connections are dropped; requests in flight finish first.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 500 },
  });
  const routeTable: TRouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.push({
        method,
        url: route.url,
        operationId: route.schema?.operationId,
        // Read when asked: a scope's own onRoute hook may mark its routes public after this one ran.
        get public() {
          return route.config?.public === true;
        },
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // While shutting down, answers to requests in flight close their connection: otherwise a
  // keep-alive connection would hold the process open until its timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // One log line per request, without tokens or bodies; its latency by route pattern (never the raw URL).
  app.addHook('onResponse', async (request, reply) => {
    httpRequestSeconds.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    request.log.info(
      { method: request.method, url: loggedUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  // Before authentication: during a hang even the token lookup would wait.
  registerDatabaseGate(app, { stalled: database.stalled, apiPrefix: API_PREFIX });
  registerAuthentication(app, database.db);
  registerStorableTextCheck(app);
  registerListReadLimit(app, { serializeGlobally: database.kind === 'pglite' });
  registerHeavyRequestLimit(app, { ...HEAVY_REQUEST_LIMITS, ...heavyRequests });
  // PDFs and CSVs are laid out on worker threads, off the event loop (lib/worker-pool.ts).
  const renderPool = createWorkerPool();
  app.addHook('onClose', () => renderPool.close());
  // Issued logbook PDFs are signed (docs/logbook.md, "Signature"): the operator's PKCS#12, else the portal's own key.
  const signer = logbookSigner(database.system, {
    p12File: config.LOGBOOK_SIGNING_P12,
    passphrase: config.LOGBOOK_SIGNING_PASSPHRASE,
    name: config.PUBLIC_URL ? `Aquasmart Portal ${new URL(config.PUBLIC_URL).host}` : 'Aquasmart Portal',
  });
  // A configured key that cannot be opened stops the start, not the first issue.
  if (config.LOGBOOK_SIGNING_P12) app.addHook('onReady', async () => void (await signer.signing()));
  const logbookRenderers = threadedLogbookRenderers(renderPool, signer);
  await registerOpenApi(app);

  const platforms = platformSettings(config);
  const channels = channelSettings(config);
  const twoFactorPolicy = { administrators: config.TWO_FACTOR_ADMINS === 'required' };
  // Every background job, registered in one place with its intervals, leases and stop order.
  const jobs = createBackgroundJobs({
    database,
    log: app.log,
    gatewayOfflineAfterSeconds: config.GATEWAY_OFFLINE_AFTER,
    copyName: config.COPY_NAME,
    intakeSpoolDir,
    mail,
    platforms,
    // Webhooks go where platforms may (docs/webhooks.md, "Safe by default"): one allow list, PLATFORM_ALLOWED_ADDRESSES.
    webhooks: { policy: platforms.policy },
    channels,
    logbookRenderers,
  });
  const { telemetry, mailer, changeFeed, platformSender, channelSender } = jobs;
  if (backgroundWorkers) app.addHook('onReady', () => jobs.registry.start());
  // onClose runs after the requests in flight are answered: each job finishes the work in hand.
  // Stopped also without backgroundWorkers: a live stream may have opened the change feed.
  app.addHook('onClose', () => jobs.registry.stop());
  const eventHub = new EventHub(events);
  changeFeed.subscribe(eventHub);
  app.addHook('preClose', async () => eventHub.close());

  await app.register(
    async (api) => {
      registerJsonCompression(api);
      const passwordRefused = (email: string, userId: number | null) => passwordRefusedFor(database.db, email, userId);
      await api.register(authRoutes, { db: database.db, tokenTtlSeconds: config.TOKEN_TTL, secondStep: (userId) => secondStepFor(database.db, userId, twoFactorPolicy), passwordRefused });
      await api.register(twoFactorRoutes, { db: database.db, tokenTtlSeconds: config.TOKEN_TTL, policy: twoFactorPolicy });
      await api.register(userRoutes, { db: database.db });
      await api.register(apiKeyRoutes, { db: database.db });
      await api.register(ssoRoutes, { db: database.db, publicUrl: config.PUBLIC_URL, tokenTtlSeconds: config.TOKEN_TTL, now: sso?.now, log: app.log });
      await api.register(customerRoutes, { db: database.db });
      await api.register(alarmEscalationRoutes, { db: database.db });
      await api.register(alarmChannelRoutes, { db: database.db, settings: channels, onQueued: () => channelSender.wake() });
      await api.register(intervalRoutes, { db: database.db });
      await api.register(locationRoutes, { db: database.db });
      await api.register(gatewayRoutes, { db: database.db });
      await api.register(productRoutes, { db: database.db });
      await api.register(calibrationLogRoutes, { db: database.db });
      await api.register(logbookRoutes, {
        db: database.db,
        renderers: logbookRenderers,
        reads: database.kind === 'postgres' ? longReportReads(database.db) : plainReportReads(database.db),
      });
      await api.register(logbookVerifyRoutes, { db: database.db });
      await api.register(deviationRoutes, { db: database.db });
      await api.register(samplingRoutes, { db: database.db });
      await api.register(outletRoutes, { db: database.db });
      await api.register(disinfectionRoutes, { db: database.db });
      await api.register(networkServerRoutes, { db: database.db });
      await api.register(labelRoutes, { db: database.db, render: threadedLabelsRenderer(renderPool), publicUrl: config.PUBLIC_URL });
      await api.register(deviceRoutes, { db: database.db });
      await api.register(deviceRadioRoutes, { db: database.db });
      await api.register(dashboardRoutes, { db: database.db });
      await api.register(dashboardSamplingRoutes, { db: database.db });
      await api.register(alarmRoutes, { db: database.db });
      await api.register(platformRoutes, { db: database.db, settings: platforms, onRetry: () => platformSender.wake() });
      await api.register(webhookRoutes, { db: database.db, settings: { policy: platforms.policy } });
      await api.register(provisioningRoutes, { db: database.db });
      await api.register(connectorRoutes);
      await api.register(intakeRoutes, { writer: telemetry.writer, networkServers: telemetry.networkServers });
      await api.register(parameterRoutes, { db: database.db, onQueued: () => telemetry.sender.wake() });
      await api.register(deviceWriteRoutes, { db: database.db, onQueued: () => telemetry.sender.wake() });
      await api.register(calibrationRoutes, { db: database.db });
      await api.register(eventRoutes, { db: database.db, hub: eventHub, ready: () => changeFeed.start() });
      await api.register(alertRoutes, { db: database.db, publicUrl: mailer.publicUrl, mailServerConfigured: mailer.mailServerConfigured, onQueued: () => mailer.wake() });
      await api.register(passwordResetRoutes, { db: database.db, publicUrl: mailer.publicUrl, onQueued: () => mailer.wake(), passwordRefused });
    },
    { prefix: API_PREFIX },
  );
  await app.register(healthRoutes, { database, intakeReady: () => telemetry.writer.accepting() });
  await app.register(metricsRoutes, {
    access: { token: config.METRICS_TOKEN, allowedAddresses: config.METRICS_ALLOWED_ADDRESSES },
    sources: { database, openStreams: () => eventHub.streamCount, spoolBytes: () => telemetry.writer.spoolBytes() },
  });
  await registerWebApp(app, config.WEB_DIST);
  return app;
}
