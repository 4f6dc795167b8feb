import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secretLines, SECRETS_FILE_MODE } from './secret-output';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-output-'));
  dirs.push(dir);
  return dir;
}

describe('generated passwords: the terminal or a file of the operator', () => {
  it('on a terminal: the lines themselves, no file', () => {
    const file = path.join(folder(), 'data', 'generated-passwords.txt');
    expect(secretLines(['  Sign in as a@example.com with password s3cret'], { file, terminal: true })).toEqual(['  Sign in as a@example.com with password s3cret']);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('without a terminal: appended to a 0600 file (also under a permissive umask, also an older file of another mode); the printed line names the file, not the password', () => {
    const file = path.join(folder(), 'data', 'generated-passwords.txt');
    const umask = process.umask(0o000);
    try {
      const first = secretLines(['  Sign in as a@example.com with password s3cret-one'], { file, terminal: false, now: new Date('2026-11-30T01:00:00Z') });
      expect(first.join('\n')).toContain(file);
      expect(first.join('\n')).not.toContain('s3cret');
      fs.chmodSync(file, 0o644);
      secretLines(['New password for b@example.com: s3cret-two'], { file, terminal: false, now: new Date('2026-11-30T02:00:00Z') });
    } finally {
      process.umask(umask);
    }
    expect(fs.statSync(file).mode & 0o777).toBe(SECRETS_FILE_MODE);
    expect(fs.readFileSync(file, 'utf8')).toBe(
      '# 2026-11-30T01:00:00.000Z\nSign in as a@example.com with password s3cret-one\n# 2026-11-30T02:00:00.000Z\nNew password for b@example.com: s3cret-two\n',
    );
  });

  it('nothing to show: nothing printed, no file', () => {
    const file = path.join(folder(), 'generated-passwords.txt');
    expect(secretLines([], { file, terminal: false })).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
  });
});
