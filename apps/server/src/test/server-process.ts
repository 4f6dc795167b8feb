import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

/** The server's entry point, as `npm start` runs it. */
export const SERVER_ENTRY = path.resolve(__dirname, '../server.ts');

export const PROCESS_ADMIN = { email: 'admin@example.com', password: 'Process-test-2026' };

export interface TRunningServer {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  /** Everything the process printed so far. */
  output: () => string;
}

/**
 * Starts the real server process (tsx, as `npm start` does) on a free port with the process-test
 * administrator and no demo data, and waits for its "running at" line. `env` chooses the database
 * (DATA_DIR or DATABASE_URL) and may set more (e.g. the mail server) or replace the defaults.
 */
export function startServerProcess(env: { DATA_DIR: string; DATABASE_URL?: string } & Record<string, string>): Promise<TRunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      ADMIN_EMAIL: PROCESS_ADMIN.email,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
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
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
