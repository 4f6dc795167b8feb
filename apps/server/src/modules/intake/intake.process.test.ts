import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { type TDatabase } from '../../db/database';
import { PROCESS_ADMIN, startServerProcess } from '../../test/server-process';
import { openTestDatabase } from '../../test/test-database';
import { chirpstackUp, countOf, payload, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';

/**
 * The durability promise of the intake: an uplink that was answered 2xx is in the database,
 * even when the server is killed (SIGKILL, no shutdown code runs) right after answering; the
 * restarted server processes it. On the run's PostgreSQL when TEST_DATABASE_URL is set (the server
 * process gets a copy of the test template), otherwise on a PGlite data folder.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-intake-'));
/** The PostgreSQL copy the server processes use, or null: PGlite in `dataDir`. */
let postgres: (TDatabase & { url: string | null }) | null = null;

/** A connection of the test's own to the database the server processes use. */
function openServerDatabase(): Promise<TDatabase> {
  return postgres?.url ? openDatabase({ databaseUrl: postgres.url }) : openDatabase({ dataDir });
}
const SECRET = 'process-test-secret-0001';
const EUI = '70B3D5499D000001';
const BURST = 400;

beforeAll(async () => {
  const copy = await openTestDatabase();
  if (copy.url) postgres = copy;
  else await copy.close();
});
afterAll(async () => {
  await postgres?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('intake durability', () => {
  it('a burst of answered uplinks survives SIGKILL and is processed after the restart, each once', { timeout: 240_000 }, async () => {
    const setup = await openServerDatabase();
    const networkServerId = await seedNetworkServer(setup.db, 'ChirpStack', 'chirpstack', SECRET);
    await seedDevice(setup.db, EUI, 'V2', networkServerId);
    await setup.close();

    const first = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '' });
    const now = Math.floor(Date.now() / 1000);
    const post = (fCnt: number) =>
      fetch(`${first.url}/api/v1/integrations/chirpstack?event=up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
        body: JSON.stringify(chirpstackUp(EUI, fCnt, payload('V2', { kind: 'temperature', msgId: 42, timestamp: now - fCnt, temperatures: [60, 15, 30] }))),
      });
    const answers = await Promise.all(Array.from({ length: BURST }, (_v, i) => post(i + 1)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '' });
    // Wait (through the API) until the worker has caught up, then stop cleanly and count in the database.
    const signIn = await fetch(`${second.url}/api/v1/auth`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${PROCESS_ADMIN.email}:${PROCESS_ADMIN.password}`).toString('base64')}` } });
    const { token } = (await signIn.json()) as { token: string };
    const deadline = Date.now() + 60_000;
    let seen = 0;
    while (seen < BURST && Date.now() < deadline) {
      const data = await fetch(`${second.url}/api/v1/devices/${EUI}/data?projection=value`, { headers: { 'x-access-token': token } });
      seen = data.ok ? ((await data.json()) as unknown[]).length : 0;
      if (seen < BURST) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const check = await openServerDatabase();
    try {
      expect(check.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
      expect(await countOf(check.db, 'intake_events')).toBe(BURST);
      expect(await countOf(check.db, 'intake_events', sql`processed_at IS NULL`)).toBe(0);
      expect(await countOf(check.db, 'device_data', sql`device_eui = ${EUI}`)).toBe(BURST);
    } finally {
      await check.close();
    }
  });
});
