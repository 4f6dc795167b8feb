import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import { ERROR } from '@aquasmart/domain';
import type { TDatabase } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { processMetrics, startDefaultMetrics } from '../../lib/metrics';
import { readBacklogs, OUTBOX_KINDS } from './backlogs';

export interface TMetricsAccess {
  /** METRICS_TOKEN: the scraper sends `Authorization: Bearer <token>`. */
  token?: string;
  /** METRICS_ALLOWED_ADDRESSES: addresses or CIDR ranges the scraper's address must be in (the address TRUST_PROXY gives). */
  allowedAddresses?: string;
}

export interface TMetricsSources {
  database: TDatabase;
  /** Live streams open on this copy. */
  openStreams: () => number;
  /** Bytes in this copy's intake spool. */
  spoolBytes: () => number;
}

/** The backlog query gets this long; a scrape is not held up longer by a slow database. */
export const BACKLOG_DEADLINE_MS = 2_000;

/**
 * `GET /metrics` in the Prometheus text format (docs/operations.md, "Metrics"). Off unless
 * METRICS_TOKEN or METRICS_ALLOWED_ADDRESSES is set: then a 404 like any unknown path, so a portal
 * on the internet shows nothing by default. With both set, a scrape needs both. Not in the OpenAPI
 * document: it is for the operator's Prometheus, not for API clients.
 *
 * Counters and histograms are counted where things happen (lib/metrics.ts); the states here
 * (backlogs, pools, streams, the spool) are read when scraped, once per scrape.
 */
export async function metricsRoutes(app: FastifyInstance, { access, sources }: { access: TMetricsAccess; sources: TMetricsSources }): Promise<void> {
  const enabled = Boolean(access.token || access.allowedAddresses);
  const allowed = access.allowedAddresses ? addressList(access.allowedAddresses) : null;
  const tokenHash = access.token ? sha256(access.token) : null;
  if (enabled) startDefaultMetrics();
  const scrape = enabled ? scraper(sources) : null;

  app.get('/metrics', { config: { public: true }, logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!scrape) throw ApiError.notFound();
    if (allowed && !allowed(request.ip)) throw ApiError.forbidden('Metrics are not served to this address (METRICS_ALLOWED_ADDRESSES)');
    if (tokenHash && !presents(request, tokenHash)) {
      throw new ApiError(401, ERROR.unauthorized, 'Metrics need the bearer token of METRICS_TOKEN', undefined, undefined, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    const { text, contentType } = await scrape();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}

function scraper({ database, openStreams, spoolBytes }: TMetricsSources) {
  const own = new Registry();
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => new Gauge<L>({ name: `aquasmart_${name}`, help, labelNames, registers: [own] });
  const streams = gauge('open_streams', 'Live change streams (server-sent events) open on this copy.');
  const spool = gauge('intake_spool_bytes', "Bytes waiting in this copy's intake spool (the database was unreachable).");
  const lag = gauge('intake_lag_seconds', 'Age of the oldest stored intake event not yet processed; 0 when none waits.');
  const backlog = gauge('outbox_backlog', 'Rows waiting in an outbox, by kind.', ['kind']);
  const oldest = gauge('outbox_oldest_seconds', 'Age of the oldest row waiting in an outbox, by kind; 0 when none waits.', ['kind']);
  const databaseUp = gauge('database_up', '1 when the backlog query of this scrape answered, 0 when it failed or took longer than 2 s.');
  const poolConnections = gauge('db_pool_connections', 'PostgreSQL pool connections by pool and state (idle, busy); not on the embedded database.', ['pool', 'state']);
  const poolMax = gauge('db_pool_max', 'PostgreSQL pool size by pool.', ['pool']);
  const poolWaiting = gauge('db_pool_waiting', 'Queries waiting for a connection, by pool.', ['pool']);
  const info = gauge('database_info', 'The database this copy uses (label kind: pglite or postgres).', ['kind']);
  info.set({ kind: database.kind }, 1);

  return async () => {
    streams.set(openStreams());
    spool.set(spoolBytes());
    for (const use of database.pools?.() ?? []) {
      poolConnections.set({ pool: use.pool, state: 'idle' }, use.idle);
      poolConnections.set({ pool: use.pool, state: 'busy' }, use.total - use.idle);
      poolMax.set({ pool: use.pool }, use.max);
      poolWaiting.set({ pool: use.pool }, use.waiting);
    }
    const backlogs = database.stalled() ? null : await readBacklogs(database.system, BACKLOG_DEADLINE_MS);
    databaseUp.set(backlogs ? 1 : 0);
    if (backlogs) {
      lag.set(backlogs.intakeLagSeconds);
      for (const kind of OUTBOX_KINDS) {
        backlog.set({ kind }, backlogs.outboxes[kind].waiting);
        oldest.set({ kind }, backlogs.outboxes[kind].oldestSeconds);
      }
    } else {
      // Unknown this time: absent rather than a stale figure.
      lag.reset();
      backlog.reset();
      oldest.reset();
    }
    // Both registries read now (not merged once): whatever the process registers later is included.
    const [processText, ownText] = await Promise.all([processMetrics.metrics(), own.metrics()]);
    return { text: `${processText}\n${ownText}`, contentType: own.contentType };
  };
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function presents(request: FastifyRequest, tokenHash: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  // Hashes of equal length, compared in constant time: the token's length is not given away either.
  return match !== null && timingSafeEqual(sha256(match[1]), tokenHash);
}

/** METRICS_ALLOWED_ADDRESSES as a test of an address (an IPv4 address written as IPv6 is checked as IPv4). */
export function addressList(text: string): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return list.check(mapped[1], 'ipv4');
    return isIP(address) !== 0 && list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  };
}
