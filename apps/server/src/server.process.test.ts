import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { PROCESS_ADMIN, SERVER_ENTRY, startServerProcess } from './test/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-process-'));
const credentials = `Basic ${Buffer.from(`${PROCESS_ADMIN.email}:${PROCESS_ADMIN.password}`).toString('base64')}`;

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('finishes requests in flight on SIGTERM, exits 0, and keeps what was written', { timeout: 180_000 }, async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    const signIn = await fetch(`${first.url}/api/v1/auth`, { method: 'POST', headers: { authorization: credentials } });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };

    // A sign-in takes tens of milliseconds (scrypt): SIGTERM arrives while it is in flight.
    const inFlight = fetch(`${first.url}/api/v1/auth`, { method: 'POST', headers: { authorization: credentials } });
    // The first request left a keep-alive connection, so this one reaches the server at once; 40 ms
    // later it is inside the ~170 ms password check.
    await new Promise((resolve) => setTimeout(resolve, 40));
    first.child.kill('SIGTERM');
    const inFlightResponse = await inFlight;
    expect(inFlightResponse.status).toBe(200);
    const { token: lateToken } = (await inFlightResponse.json()) as { token: string };
    expect(await first.exited).toBe(0);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    try {
      for (const kept of [token, lateToken]) {
        const current = await fetch(`${second.url}/api/v1/users/current`, { headers: { 'x-access-token': kept } });
        expect(current.status).toBe(200);
        expect(((await current.json()) as { email: string }).email).toBe('admin@example.com');
      }
      expect(second.output()).not.toContain('First administrator created');
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it.each([
    [{ PORT: 'eighty', DATA_DIR: dataDir }, ['PORT']],
    // Used to hang without a word.
    [{ PORT: '0', DATA_DIR: '/proc/nope', DATABASE_URL: '' }, ['DATA_DIR', '"/proc/nope"']],
    [{ PORT: '0', DATA_DIR: '/sys', DATABASE_URL: '' }, ['DATA_DIR', '"/sys"', 'not writable']],
  ])('refuses %j at once, naming it', { timeout: 60_000 }, async (env, named) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
    expect(code).toBe(1);
    for (const text of named) expect(output).toContain(text);
  });
});
