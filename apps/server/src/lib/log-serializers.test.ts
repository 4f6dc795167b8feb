import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, type TTestDatabase } from '../test/test-database';
import { serializeError } from './log-serializers';

const SECRET = 'scrypt$32768$8$1$c2FsdA==$dGhlLW5ldy1wYXNzd29yZHMtaGFzaA==';

let database: TTestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

/** A real failed query whose parameter is a secret (the database's own message does not repeat it). */
async function failedQueryWithSecret(): Promise<unknown> {
  try {
    await database.db.execute(sql`SELECT 1 / 0 WHERE ${SECRET} <> ''`);
  } catch (error) {
    return error;
  }
  throw new Error('the query should have failed');
}

describe('errors in the log', () => {
  it('a failed query is logged with its SQL, code and cause, never its parameters', async () => {
    const error = await failedQueryWithSecret();
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain(SECRET); // what Drizzle hands us
    const logged = serializeError(error);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(logged.message).toContain('params: [not logged]');
    expect(logged.query).toMatch(/select 1 \/ 0 where \$1 <> ''/i);
    expect(JSON.stringify(logged.cause)).toMatch(/division by zero/);
  });

  it('the app logs errors through it', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { TOKEN_TTL: 3600, WEB_DIST: path.resolve('/nonexistent-web-dist'), LOG_LEVEL: 'info', TRUST_PROXY: false },
      database,
      logStream: { write: (line) => void lines.push(line) },
    });
    app.log.error({ err: await failedQueryWithSecret() }, 'request failed');
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('division by zero');
    expect(logged).not.toContain(SECRET);
  });
});
