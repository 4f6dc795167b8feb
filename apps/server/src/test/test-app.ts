import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { RIGHT_FLAGS, USER_TYPE_ADMINISTRATOR, type TPortalRights } from '@aquasmart/domain';
import { buildApp, type TAppOptions } from '../app';
import type { TConfig } from '../config';
import { postgresDatabase, type TPostgresOptions } from '../db/client';
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { issueToken } from '../identity/tokens';
import { hashPassword } from '../identity/passwords';
import { openTestDatabase, TEST_POOLS, type TTestDatabase } from './test-database';

export interface TTestContext {
  app: FastifyInstance;
  database: TTestDatabase;
  /** Creates a user directly in the database; returns its id. */
  createUser(options: { email: string; password: string; administrator?: boolean; rights?: Partial<TPortalRights> }): Promise<number>;
  /** Signs in through the API (password check included) and returns the token. */
  signIn(email: string, password: string): Promise<string>;
  /**
   * A token for a user, issued without the deliberately slow password check: for test setup.
   * Tests of sign-in itself use `signIn`.
   */
  tokenFor(email: string): Promise<string>;
  /**
   * Creates `<name>@example.com` for each entry (password TEST_PASSWORD) and answers a token per
   * name: the setup block most test files start with.
   */
  signedInUsers<TName extends string>(users: Record<TName, TUserSpec>): Promise<Record<TName, string>>;
  close(): Promise<void>;
}

export interface TUserSpec {
  administrator?: boolean;
  rights?: Partial<TPortalRights>;
}

export const TEST_PASSWORD = 'Welkom-test-2026';

const hashCache = new Map<string, Promise<string>>();
/** Hashing is slow on purpose; tests reuse one hash per password. */
function cachedHash(password: string): Promise<string> {
  if (!hashCache.has(password)) hashCache.set(password, hashPassword(password));
  return hashCache.get(password)!;
}

export function basicAuth(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
}

export interface TTestContextOptions {
  /** The PostgreSQL pools of the copy (e.g. a short API statement timeout). */
  database?: TPostgresOptions;
  httpTimeouts?: TAppOptions['httpTimeouts'];
  /** A built web app to serve; none by default. */
  webDist?: string;
  /**
   * PostgreSQL only: the app's pools connect to the URL this answers for the copy's URL (a proxy
   * the test controls); the context's own `database`, used for seeding, connects directly.
   */
  connectThrough?: (url: string) => Promise<string>;
  intakeSpoolDir?: string;
  /** TRUST_PROXY as the configuration parsed it (off by default). */
  trustProxy?: TConfig['TRUST_PROXY'];
  /** The app's mail settings (the mailer's loop does not run in tests); none by default: no mail server. */
  mail?: TAppOptions['mail'];
  /** Where the app's JSON log lines go (level info); none by default. */
  logStream?: TAppOptions['logStream'];
  /** The live change stream's bounds and timings (docs/events.md). */
  events?: TAppOptions['events'];
  /** Reports and label sheets in flight per user and in total (plugins/heavy-request-limit.ts). */
  heavyRequests?: TAppOptions['heavyRequests'];
  /** External platforms' settings (docs/platforms.md): batch interval, LegionellaDossier URL, allowed addresses. */
  platforms?: Partial<Pick<TConfig, 'PLATFORM_BATCH_INTERVAL' | 'LEGIONELLADOSSIER_URL' | 'PLATFORM_ALLOWED_ADDRESSES'>>;
  /** `/metrics` access (docs/operations.md, "Metrics"); off by default. */
  metrics?: Partial<Pick<TConfig, 'METRICS_TOKEN' | 'METRICS_ALLOWED_ADDRESSES'>>;
  /** Alarm channels (docs/alarm-notifications.md, "Channels"): the SMS provider, webhook hosts. */
  channels?: Partial<Pick<TConfig, 'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM' | 'CHANNEL_ANY_WEBHOOK_HOST'>>;
  /** TWO_FACTOR_ADMINS (docs/users.md, "Two-factor sign-in"); optional by default. */
  twoFactorAdmins?: TConfig['TWO_FACTOR_ADMINS'];
  /** PUBLIC_URL (none by default). */
  publicUrl?: string;
  /** Single sign-on's clock (docs/sso.md). */
  sso?: TAppOptions['sso'];
}

/** Builds the real app on a fresh database for one test file. */
export async function createTestContext(options: TTestContextOptions = {}): Promise<TTestContext> {
  const database = await openTestDatabase(options.database);
  if (options.connectThrough && !database.url) throw new Error('createTestContext: connectThrough needs PostgreSQL (TEST_DATABASE_URL)');
  const appDatabase =
    options.connectThrough && database.url ? postgresDatabase(await options.connectThrough(database.url), { ...TEST_POOLS, ...options.database }) : database;
  const app = await buildApp({
    config: { TOKEN_TTL: 3600, WEB_DIST: options.webDist ?? path.resolve('/nonexistent-web-dist'), LOG_LEVEL: options.logStream ? 'info' : 'silent', TRUST_PROXY: options.trustProxy ?? false, TWO_FACTOR_ADMINS: options.twoFactorAdmins, PUBLIC_URL: options.publicUrl, ...options.platforms, ...options.metrics, ...options.channels },
    database: appDatabase,
    logger: options.logStream ? undefined : false,
    logStream: options.logStream,
    httpTimeouts: options.httpTimeouts,
    intakeSpoolDir: options.intakeSpoolDir,
    mail: options.mail,
    events: options.events,
    heavyRequests: options.heavyRequests,
    sso: options.sso,
  });
  await app.ready();
  const context: TTestContext = {
    app,
    database,
    async createUser({ email, password, administrator, rights }) {
      const portalRights = administrator ? Object.fromEntries(RIGHT_FLAGS.map((flag) => [flag, true])) : (rights ?? {});
      const [row] = await database.db
        .insert(users)
        .values({
          email,
          firstName: 'Test',
          lastName: 'User',
          passwordHash: await cachedHash(password),
          type: administrator ? USER_TYPE_ADMINISTRATOR : null,
          portalRights,
        })
        .returning({ id: users.id });
      return row.id;
    },
    async signIn(email, password) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth', headers: { authorization: basicAuth(email, password) } });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return response.json<{ token: string }>().token;
    },
    async tokenFor(email) {
      const [row] = await database.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      if (!row) throw new Error(`no user ${email}`);
      return issueToken(database.db, row.id, 3600);
    },
    async signedInUsers(specs) {
      const tokens = {} as Record<keyof typeof specs, string>;
      for (const [name, spec] of Object.entries(specs) as [keyof typeof specs, TUserSpec][]) {
        const email = `${String(name)}@example.com`;
        await context.createUser({ email, password: TEST_PASSWORD, ...spec });
        tokens[name] = await context.tokenFor(email);
      }
      return tokens;
    },
    async close() {
      await app.close();
      if (appDatabase !== database) await appDatabase.close();
      await database.close();
    },
  };
  return context;
}

/**
 * The set-up most server test files start with: the real app on a fresh database for the file,
 * closed after it, and (by default) emptied before each test. Answers the context; its fields
 * may be used once the file's tests run (a proxy, since the app is built in beforeAll).
 */
export function useTestContext(options: TTestContextOptions & { reset?: 'eachTest' | 'never' } = {}): TTestContext {
  const { reset = 'eachTest', ...contextOptions } = options;
  let current: TTestContext | undefined;
  beforeAll(async () => {
    current = await createTestContext(contextOptions);
  });
  afterAll(async () => current?.close());
  if (reset === 'eachTest') beforeEach(async () => current?.database.reset());
  return new Proxy({} as TTestContext, {
    get(_target, key) {
      if (!current) throw new Error('useTestContext: the context exists only while the tests of the file run');
      return Reflect.get(current, key) as unknown;
    },
  });
}
