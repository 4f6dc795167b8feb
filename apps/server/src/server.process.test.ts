import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = path.resolve(__dirname, 'server.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-process-'));
const credentials = `Basic ${Buffer.from('admin@example.com:Process-test-2026').toString('base64')}`;

interface TRunning {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts the real server process on a free port and waits for its "running at" line. */
function startServer(): Promise<TRunning> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'Process-test-2026',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], exited, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('finishes requests in flight on SIGTERM, exits 0, and keeps what was written', { timeout: 180_000 }, async () => {
    const first = await startServer();
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

    const second = await startServer();
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

  it('refuses a bad configuration, naming the variable', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT');
  });
});
