import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { queryRows, type TDatabase } from '../../db/database';
import { openTestDatabase, type TTestDatabase } from '../../test/test-database';
import { startServerProcess, type TRunningServer } from '../../test/server-process';
import { startTestSmtpServer } from '../../test/smtp-fixture';
import { ALERT_SECRET, FLUSH_AT_MS, insertSubscriber, MAIL_FROM, PUBLIC_URL, seedAlertWorld, simulatedFlushEvent } from '../../test/alert-fixtures';

/**
 * Nothing lost, nothing twice, across a crash (docs/alerts.md): the real server process records a
 * weak flush, composes the e-mail and starts handing it to the mail server, which keeps it waiting
 * for its answer; the process is killed with SIGKILL right then. After a restart on the same
 * database the e-mail is delivered, exactly once.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-alerts-'));
let testDatabase: TTestDatabase | null = null;

afterAll(async () => {
  await testDatabase?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('e-mail alerts and a crash', () => {
  it('SIGKILL between the alarm and the delivery: delivered once after the restart', { timeout: 240_000 }, async () => {
    // The database the process will use, seeded before it starts: PostgreSQL (a test copy) or a PGlite data directory.
    let database: TDatabase;
    let env: { DATA_DIR: string; DATABASE_URL?: string };
    testDatabase = await openTestDatabase();
    if (testDatabase.url) {
      database = testDatabase;
      env = { DATA_DIR: dataDir, DATABASE_URL: testDatabase.url };
    } else {
      await testDatabase.close();
      testDatabase = null;
      database = await openDatabase({ dataDir });
      env = { DATA_DIR: dataDir };
    }
    const world = await seedAlertWorld(database.system);
    await insertSubscriber(database.system, { email: 'piet@example.com', customers: [world.customerA], flush: true });
    if (database !== testDatabase) await database.close();

    const smtp = await startTestSmtpServer({ hold: true });
    const mailEnv = { ...env, SMTP_URL: smtp.url, MAIL_FROM, PUBLIC_URL };
    let second: TRunningServer | null = null;
    try {
      const first = await startServerProcess(mailEnv);
      const posted = await fetch(`${first.url}/api/v1/integrations/chirpstack?event=up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ALERT_SECRET}` },
        body: JSON.stringify(simulatedFlushEvent(world.nodes[0], FLUSH_AT_MS, true)),
      });
      expect(posted.status).toBe(200);
      // The alarm is recorded and its e-mail is on the wire, waiting for the mail server's answer.
      await smtp.waitForHeld(1, 30_000);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(smtp.received).toEqual([]);
      // The mail server sees the dead client's connection end, and so never answers "accepted".
      await smtp.waitForClosed(1);
      smtp.release();

      second = await startServerProcess(mailEnv);
      const received = await smtp.waitFor(1, 30_000);
      // Two more rounds of the mailer (every 2 s): nothing else arrives.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(received).toHaveLength(1);
      expect(received[0].to).toEqual(['piet@example.com']);
      expect(received[0].subject).toMatch(/^Spoelalarm: /);
    } finally {
      second?.child.kill('SIGTERM');
      if (second) expect(await second.exited).toBe(0);
      await smtp.stop();
    }
    const check = testDatabase ?? (await openDatabase({ dataDir }));
    try {
      const rows = await queryRows<{ state: string; attempts: number }>(check.system, sql`SELECT state, attempts FROM mail_messages`);
      expect(rows).toEqual([{ state: 'sent', attempts: 1 }]);
      expect(await queryRows(check.system, sql`SELECT id FROM alert_items WHERE mail_id IS NULL`)).toEqual([]);
    } finally {
      if (check !== testDatabase) await check.close();
    }
  });
});
