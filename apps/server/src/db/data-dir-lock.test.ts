import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirError } from './data-dir';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, LOCK_FILE);

/** A process id that ran and no longer runs. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe("the embedded database's lock file", () => {
  it('names this process while it has the database open, and goes on release', () => {
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('refuses while another running process holds it, naming the process and the folder', () => {
    // The parent of this test worker runs for as long as the test does.
    fs.writeFileSync(lockFile(), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirError);
    expect(() => lockDataDir(dir)).toThrow(`the embedded database in ${dir} is in use by process ${process.ppid}`);
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.ppid));
  });

  it.each([
    ['a process that no longer runs', () => String(deadPid())],
    ['this very process (a container restarted with the same id)', () => String(process.pid)],
    ['no process id', () => 'garbage'],
  ])('takes over a file naming %s', (_name, content) => {
    fs.writeFileSync(lockFile(), content());
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('a release leaves a file another process has taken since', () => {
    const release = lockDataDir(dir);
    fs.writeFileSync(lockFile(), `${process.ppid}\n`);
    release();
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.ppid));
  });
});
