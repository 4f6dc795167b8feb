import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirError, prepareDataDir } from './data-dir';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-datadir-'));
const aFile = path.join(scratch, 'a-file');
fs.writeFileSync(aFile, 'not a folder');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('DATA_DIR', () => {
  it('creates missing folders and answers the absolute path', () => {
    const dir = path.join(scratch, 'new', 'deeper');
    expect(prepareDataDir(dir)).toBe(path.resolve(dir));
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    // The write probe is gone again.
    expect(fs.readdirSync(dir)).toEqual([]);
    // An existing folder is fine too.
    expect(prepareDataDir(dir)).toBe(path.resolve(dir));
  });

  it.each([
    ['/proc/nope', /cannot be created \(ENOENT\)/],
    [aFile, /is not a folder/],
    [path.join(aFile, 'below'), /a part of the path is a file/],
    // Read-only for everyone, root too.
    ['/sys', /not writable \(E(ACCES|PERM|ROFS)\)/],
    ['/sys/nope', /cannot be created \(E(ACCES|PERM|ROFS)\)/],
  ])('%s fails at once, naming DATA_DIR and the folder', (dir, reason) => {
    const started = Date.now();
    expect(() => prepareDataDir(dir)).toThrow(DataDirError);
    expect(() => prepareDataDir(dir)).toThrow(`DATA_DIR: cannot use "${dir}"`);
    expect(() => prepareDataDir(dir)).toThrow(reason);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
