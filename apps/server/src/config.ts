import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isGuessablePassword } from '@aquasmart/domain';
import { API_STATEMENT_TIMEOUT_MS, HANG_WATCH } from './db/pool-limits';
import { HTTP_TIMEOUTS } from './http-timeouts';
import { parseMailbox } from './lib/mailbox';

const here = path.dirname(fileURLToPath(import.meta.url));

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** '3600', '90s', '30m', '12h', '7d' -> seconds. */
export function parseDurationSeconds(text: string): number | null {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * DURATION_UNITS[match[2] || 's'];
}

/** A duration of `min` to `max` seconds in the forms of parseDurationSeconds. */
function durationSeconds(fallback: string, min: number, max: number) {
  return z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const seconds = parseDurationSeconds(text);
      if (seconds === null || seconds < min || seconds > max) {
        ctx.addIssue({ code: 'custom', message: `must be a duration from ${min} s to ${max} s, such as '${fallback}'` });
        return z.NEVER;
      }
      return seconds;
    });
}

function isSmtpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isPublicUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.search === '' && url.hash === '' && !text.includes('?') && !text.includes('#');
  } catch {
    return false;
  }
}

/** The names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(text: string): boolean {
  if (PROXY_RANGE_NAMES.has(text)) return true;
  const [address, prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (docs/architecture.md, HTTP): off, a hop count, or the proxies' addresses/CIDRs, as
 * Fastify's `trustProxy` takes them. `true` is refused: it trusted every X-Forwarded-For entry, so a
 * client chose its own address for the sign-in limit.
 */
export const MAX_PROXY_HOPS = 10;
const trustProxyText = z
  .string()
  .default('')
  .transform((raw, ctx): false | number | string[] => {
    const text = raw.trim().toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(text)) return false;
    if (['true', 'yes', 'on'].includes(text)) {
      ctx.addIssue({
        code: 'custom',
        message: `no longer takes '${raw}', which trusted any client's own X-Forwarded-For: give the number of proxies in front of the server (1 for one nginx) or their addresses, such as '127.0.0.1' or '10.0.0.0/8, 127.0.0.1'`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops >= 1 && hops <= MAX_PROXY_HOPS) return hops;
    } else {
      const entries = raw.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message: `must be 'false', a number of proxies from 1 to ${MAX_PROXY_HOPS}, or a comma-separated list of proxy addresses or CIDRs (also 'loopback'), such as '127.0.0.1, 10.0.0.0/8'`,
    });
    return z.NEVER;
  });

const booleanText = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAIL: z.email().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .refine((password) => !isGuessablePassword(password), 'is too easy to guess (all spaces or a well-known password)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DEMO: booleanText.default(false),
  /** The password of the demo users other than the administrator; generated when unset. */
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /**
   * Whether the fleet simulator plays the demo network server (`npm start` runs it unless
   * SIMULATOR is off; read the same way here: only an explicit 'off' word turns it off). Off: the
   * demo network server gets no downlink API, so settings sent from the screens go nowhere
   * rather than to whatever else listens on the simulator's port (demo/network-server.ts).
   */
  SIMULATOR: z
    .string()
    .default('on')
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', '']))
    .transform((value) => !['0', 'false', 'no', 'off'].includes(value)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_TTL: z
    .string()
    .default('12h')
    .transform((text, ctx) => {
      const seconds = parseDurationSeconds(text);
      if (seconds === null || seconds < 60) {
        ctx.addIssue({ code: 'custom', message: "must be a duration of at least 60 s, such as '3600', '30m', '12h' or '7d'" });
        return z.NEVER;
      }
      return seconds;
    }),
  /**
   * `required`: administrators must use two-factor sign-in (docs/users.md, "Two-factor sign-in"); one
   * who has not set it up is led through the set-up after the password, before getting a session.
   */
  TWO_FACTOR_ADMINS: z.enum(['optional', 'required']).default('optional'),
  WEB_DIST: z.string().default(path.resolve(here, '../../web/dist')),
  /** Behind a reverse proxy: its hop count or addresses, so that the client address of the rate limit is the real one. */
  TRUST_PROXY: trustProxyText,
  /** PostgreSQL: a statement of an API request is cancelled after this (503 errors.queryTimeout). */
  API_STATEMENT_TIMEOUT: durationSeconds(`${API_STATEMENT_TIMEOUT_MS / 1000}s`, 1, 3600),
  /** PostgreSQL: the hang watch's `SELECT 1` not answered within this means a hung database (503, spool). */
  DATABASE_HANG_TIMEOUT: durationSeconds(`${HANG_WATCH.deadlineMs / 1000}s`, 1, 60),
  /** A request (headers and body) must have arrived within this; 408 otherwise. */
  HTTP_REQUEST_TIMEOUT: durationSeconds(`${HTTP_TIMEOUTS.requestMs / 1000}s`, 10, 3600),
  /**
   * This copy's name among several on one PostgreSQL (docs/operations.md, "Running several copies"):
   * its MQTT client ids are `aquasmart-<COPY_NAME>-ns<id>`. Default: the host name, so only copies
   * sharing a host name (several on one machine) must set it.
   */
  COPY_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/, 'must be 1 to 40 letters, digits, dots, dashes or underscores')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** A registered gateway not heard for longer than this has a gatewayOffline alarm (docs/gateways.md); 1 minute to 30 days. */
  GATEWAY_OFFLINE_AFTER: durationSeconds('2h', 60, 30 * 86400),
  /** The mail server of the e-mail alerts (docs/alerts.md), e.g. smtp://user:pass@host:587; none: alerts stay in the outbox. */
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'must be an smtp:// or smtps:// address with a host, such as smtp://user:password@mail.example.nl:587')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender of the e-mails: an address, or a name with an address ("Aquasmart Portal <portal@example.nl>"). */
  MAIL_FROM: z
    .string()
    .refine((text) => parseMailbox(text) !== null, 'must be an e-mail address or "Name <address>", such as "Aquasmart Portal <portal@example.nl>"')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Where users reach the portal: the links in e-mails start with it. */
  PUBLIC_URL: z
    .string()
    .refine(isPublicUrl, 'must be an http:// or https:// address without query or fragment, such as https://portal.example.nl')
    .transform((text) => text.replace(/\/+$/, ''))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The PKCS#12 file (.p12/.pfx: key and certificate) issued logbook PDFs are signed with
   * (docs/logbook.md, "Signature"); unset: the portal's own self-signed certificate, made once and kept in the database.
   */
  LOGBOOK_SIGNING_P12: z.string().optional().or(z.literal('').transform(() => undefined)),
  /** The passphrase of LOGBOOK_SIGNING_P12 (empty: none). */
  LOGBOOK_SIGNING_PASSPHRASE: z.string().default(''),
  /** External platforms (docs/platforms.md): at most one request per endpoint every this many seconds; 1 s to 1 day. */
  PLATFORM_BATCH_INTERVAL: durationSeconds('60s', 1, 86400),
  /** Where LegionellaDossier takes deliveries (its form has no URL); none: LegionellaDossier endpoints wait, parked with that error. */
  LEGIONELLADOSSIER_URL: z
    .string()
    .refine(isPublicUrl, 'must be an http:// or https:// address, such as https://api.legionelladossier.nl/aquasmart')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Addresses or CIDR ranges deliveries may reach although private or loopback (a receiver on the own network); default none. */
  PLATFORM_ALLOWED_ADDRESSES: z
    .string()
    .refine((text) => text.split(/[\s,]+/).filter(Boolean).every((entry) => isAddressOrRange(entry)), 'must be addresses or CIDR ranges, such as 127.0.0.1, 10.1.0.0/16')
    .default(''),
  /** `/metrics` (docs/operations.md, "Metrics"): the bearer token a scraper sends; with neither this nor METRICS_ALLOWED_ADDRESSES, `/metrics` is off (404). */
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `/metrics`: addresses or CIDR ranges a scraper may come from (the address TRUST_PROXY gives); default none. */
  METRICS_ALLOWED_ADDRESSES: z
    .string()
    .refine((text) => text.split(/[\s,]+/).filter(Boolean).every((entry) => isAddressOrRange(entry)), 'must be addresses or CIDR ranges, such as 127.0.0.1, 10.1.0.0/16')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** SMS through Twilio's Messages API (docs/alarm-notifications.md, "SMS"): its base URL, account SID, auth token and sender; unset: no SMS. */
  SMS_API_URL: z.string().refine(isPublicUrl, 'must be an http:// or https:// address, such as https://api.twilio.com').default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().optional(),
  SMS_AUTH_TOKEN: z.string().optional(),
  /** The sender: a Twilio number in E.164 (+3197...) or an alphanumeric sender id where the country allows it. */
  SMS_FROM: z.string().optional(),
  /** Alarm channels: also take Teams and Slack webhook URLs on other hosts than theirs (a relay, a test receiver); default off. */
  CHANNEL_ANY_WEBHOOK_HOST: z.enum(['on', 'off']).default('off'),
});

/** An IPv4/IPv6 address, or one with a /prefix in range. */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export type TConfig = z.infer<typeof ZEnv>;

/**
 * The variables whose refused value may be printed back in the error. Any other one (ADMIN_PASSWORD,
 * DEMO_PASSWORD, DATABASE_URL with its password, and every variable added later until it is listed
 * here) is named without its value: a secret printed back would end up in the logs.
 */
export const SHOWN_VARIABLES: ReadonlySet<string> = new Set([
  'PORT',
  'HOST',
  'DATA_DIR',
  'ADMIN_EMAIL',
  'DEMO',
  'SIMULATOR',
  'LOG_LEVEL',
  'GATEWAY_OFFLINE_AFTER',
  'COPY_NAME',
  'TOKEN_TTL',
  'TWO_FACTOR_ADMINS',
  'WEB_DIST',
  'TRUST_PROXY',
  'API_STATEMENT_TIMEOUT',
  'DATABASE_HANG_TIMEOUT',
  'HTTP_REQUEST_TIMEOUT',
  'MAIL_FROM',
  'PUBLIC_URL',
  'PLATFORM_BATCH_INTERVAL',
  'LEGIONELLADOSSIER_URL',
  'PLATFORM_ALLOWED_ADDRESSES',
  'METRICS_ALLOWED_ADDRESSES',
  'LOGBOOK_SIGNING_P12',
  'SMS_API_URL',
  'SMS_ACCOUNT_SID',
  'SMS_FROM',
  'CHANNEL_ANY_WEBHOOK_HOST',
]);

/** The variables the server reads (every key of the schema). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ZEnv.shape);

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const result = ZEnv.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = SHOWN_VARIABLES.has(name) ? ` (got ${JSON.stringify(env[name])})` : '';
      return `  ${issue.path.join('.')}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (result.data.ADMIN_EMAIL && !result.data.ADMIN_PASSWORD) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: required when ADMIN_EMAIL is set');
  }
  if (result.data.SMTP_URL) {
    const missing = (['MAIL_FROM', 'PUBLIC_URL'] as const).filter((name) => !result.data[name]);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required when SMTP_URL is set`).join('\n')}`);
  }
  return result.data;
}
