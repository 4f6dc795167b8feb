import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { postgresDatabase } from '../db/client';
import { queryRows, type TDatabase } from '../db/database';
import { seedDemoData } from '../demo/seed';
import { openTestDatabase, TEST_POOLS, type TTestDatabase } from '../test/test-database';
import { ensureFirstAdministrator } from './first-admin';

/**
 * PostgreSQL only (vitest.config.ts): two server copies starting together on an empty database,
 * each with its own pools, as `startPortal` runs them. One copy used to fail on the users' unique
 * e-mail address.
 */
const log = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

let first: TTestDatabase;
let second: TDatabase;

beforeEach(async () => {
  first = await openTestDatabase();
  second = postgresDatabase(first.url!, TEST_POOLS);
});
afterEach(async () => {
  await second.close();
  await first.close();
});

async function count(database: TDatabase, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.system, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return row.n;
}

describe('two copies starting together on an empty database', () => {
  it('create the first administrator once, and neither fails', async () => {
    const options = { email: 'beheer@example.com', password: 'Een-lang-geheim-2026', demo: false };
    const results = await Promise.all([first, second].map((database) => ensureFirstAdministrator(database.system, options)));
    expect(results.filter(Boolean)).toEqual([{ email: 'beheer@example.com', generatedPassword: undefined }]);
    expect(await count(first, 'users')).toBe(1);
  });

  it('in demo mode: one generated administrator and one set of demo data', { timeout: 180_000 }, async () => {
    const bootstrap = async (database: TDatabase) => {
      const admin = await ensureFirstAdministrator(database.system, { demo: true });
      const demo = await seedDemoData(database.system, { demoPassword: 'Welkom-demo-2026', log });
      return { admin, demo };
    };
    const results = await Promise.all([first, second].map(bootstrap));
    expect(results.filter((result) => result.admin).length).toBe(1);
    expect(results.filter((result) => result.demo).length).toBe(1);
    const [admins] = await queryRows<{ n: number }>(first.system, sql`SELECT count(*)::int AS n FROM users WHERE email = 'admin@example.com'`);
    expect(admins.n).toBe(1);
    expect(await count(first, 'customers')).toBeGreaterThan(0);
    const [twice] = await queryRows<{ n: number }>(first.system, sql`SELECT count(*)::int AS n FROM (SELECT name FROM customers GROUP BY name HAVING count(*) > 1) AS doubled`);
    expect(twice.n).toBe(0);
  });
});
