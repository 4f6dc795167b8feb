import fs from 'node:fs';
import path from 'node:path';
import { DataDirError } from './data-dir';

/** In DATA_DIR while a process has the embedded database open: that process's id. */
export const LOCK_FILE = 'pglite.pid';

/**
 * Claims DATA_DIR's embedded database for this process until the answered release is called.
 * PGlite is one process's database and takes no lock of its own: a second process opening the
 * folder (`npm run admin:reset-password` beside a running server) works on a copy that the first
 * overwrites, so a password it set never worked. A file naming a process that no longer runs
 * (a server killed with SIGKILL), or this very process (in a container the server is pid 1 at
 * every start), is left over and taken.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = Number.parseInt(readOrEmpty(file), 10);
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new DataDirError(
        `DATA_DIR: the embedded database in ${path.resolve(dataDir)} is in use by process ${holder} (a running server?); ` +
          `it is one process's database: stop that process first (if none runs, delete ${path.resolve(file)})`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  return () => {
    if (readOrEmpty(file).trim() === String(process.pid)) fs.rmSync(file, { force: true });
  };
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
