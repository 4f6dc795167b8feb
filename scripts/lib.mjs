import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
/**
 * The TypeScript projects, each with its own tsconfig.json (the root one covers the config files
 * at the top). They are checked one by one with `tsc -p`, not as project references: the
 * workspaces import each other's sources (the domain package exports its .ts files, server
 * tests start the simulator), which composite projects would forbid.
 */
export const TS_PROJECTS = ['.', 'packages/domain', 'apps/server', 'apps/web', 'tools/simulator', 'e2e'];
const WEB_SOURCES = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when the built web app is missing or older than its sources. */
export function webBuildIsStale() {
  if (!fs.existsSync(WEB_INDEX)) return true;
  const built = fs.statSync(WEB_INDEX).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

/** Runs a command, streaming its output; resolves with the exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export async function buildWebIfStale() {
  if (!webBuildIsStale()) return 0;
  console.log('Building the web app (apps/web/dist) ...');
  return run('npm', ['run', 'build', '--silent']);
}
