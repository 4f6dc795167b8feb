import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { NO_ACCOUNT_HINT } from './bootstrap/start-portal';
import { LOCK_FILE } from './db/data-dir-lock';
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
    // The embedded database is the server's alone while it runs (db/data-dir-lock.ts).
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.child.pid));

    // A request in flight when SIGTERM comes: its headers are in, its body still arriving (so the
    // timing does not depend on how busy the machine is). The server finishes it before it exits.
    const body = JSON.stringify({ lastName: 'Na het signaal' });
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${first.url}/api/v1/users/current`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-access-token': token },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      request.write(body.slice(0, 5));
      setTimeout(() => {
        first.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(5)), 300);
      }, 500);
    });
    const inFlightResponse = await inFlight;
    expect(inFlightResponse.status, inFlightResponse.text).toBe(200);
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    try {
      // The session and what the request in flight wrote are kept.
      const current = await fetch(`${second.url}/api/v1/users/current`, { headers: { 'x-access-token': token } });
      expect(current.status).toBe(200);
      expect((await current.json()) as { email: string; lastName: string }).toMatchObject({ email: 'admin@example.com', lastName: 'Na het signaal' });
      expect(second.output()).not.toContain('First administrator created');
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it('without demo data and ADMIN_* on an empty database, says how to create the first administrator', { timeout: 180_000 }, async () => {
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-process-empty-'));
    try {
      const server = await startServerProcess({ DATA_DIR: emptyDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '', DEMO: 'false' });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain(NO_ACCOUNT_HINT.join('\n'));
      expect(server.output()).not.toContain('First administrator created');
    } finally {
      fs.rmSync(emptyDir, { recursive: true, force: true });
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
