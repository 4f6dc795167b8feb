import fs from 'node:fs';
import path from 'node:path';

/** DATA_DIR cannot hold the embedded database; the message names the variable, the folder and why. */
export class DataDirError extends Error {}

/**
 * Makes sure `dir` (DATA_DIR, or a folder under it) is a folder this process can write, creating
 * the missing folders one by one, and fails at once otherwise. Not `mkdirSync(..., { recursive:
 * true })`: under /proc that never returns (`DATA_DIR=/proc/nope` hung the start without a word).
 */
export function prepareDataDir(dir: string, variable = 'DATA_DIR'): string {
  const target = path.resolve(dir);
  const fail = (reason: string, error?: unknown): never => {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    throw new DataDirError(`${variable}: cannot use "${dir}" for the embedded database: ${reason}${code ? ` (${code})` : ''}`);
  };
  const missing: string[] = [];
  let existing = target;
  for (;;) {
    let stat: fs.Stats | null = null;
    try {
      stat = fs.statSync(existing);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR') fail('a part of the path is a file, not a folder', error);
      if (code !== 'ENOENT') fail(`${existing} cannot be read`, error);
    }
    if (stat) {
      if (!stat.isDirectory()) fail(`${existing} is not a folder`);
      break;
    }
    missing.unshift(existing);
    const parent = path.dirname(existing);
    if (parent === existing) fail('no part of the path exists');
    existing = parent;
  }
  for (const folder of missing) {
    try {
      fs.mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') fail(`the folder ${folder} cannot be created`, error);
    }
  }
  const probe = path.join(target, `.write-test-${process.pid}`);
  try {
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
  } catch (error) {
    fail('the folder is not writable', error);
  }
  return target;
}
