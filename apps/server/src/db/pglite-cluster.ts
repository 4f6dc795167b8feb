import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirError } from './data-dir';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-initdb-child.mjs');
/** initdb takes about 5 s; one that has not finished after this is stuck. */
const INITDB_TIMEOUT_MS = 5 * 60_000;

/**
 * Makes sure `dir` holds an embedded PostgreSQL cluster. Creating one (initdb) is done by a
 * short-lived process of its own: initdb's WebAssembly module and file bundle took the server
 * from 46 MB to 841 MB RSS, and a long-running process does not give that back, so the portal's
 * memory under load was decided by its first start (docs/operations-limits.md, "PGlite",
 * "Memory"). The cluster is made in a sibling folder and renamed into place, so a
 * start cut short leaves no half-made cluster behind.
 */
export async function ensurePgliteCluster(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  if (fs.readdirSync(dir).length > 0) throw new DataDirError(`DATA_DIR: ${dir} holds files but no embedded database; move them away or choose another DATA_DIR`);
  // Half-made clusters of starts that were cut short (a server killed during its first start).
  const prefix = `${path.basename(dir)}.initdb-`;
  for (const name of fs.readdirSync(path.dirname(dir))) {
    if (name.startsWith(prefix)) fs.rmSync(path.join(path.dirname(dir), name), { recursive: true, force: true });
  }
  const building = `${dir}.initdb-${process.pid}`;
  try {
    await new Promise<void>((resolve, reject) => {
      const child = fork(CHILD, [building], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: [], timeout: INITDB_TIMEOUT_MS });
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`creating the embedded database in ${dir} failed (${signal ?? `exit ${code}`})`)),
      );
    });
    // The folder exists and is empty (checked above): replace it with the new cluster.
    fs.rmdirSync(dir);
    fs.renameSync(building, dir);
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}
