import fs from 'node:fs';
import os from 'node:os';
import { Buffer } from 'node:buffer';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
/**
 * The type checks, largest first, one `tsc -p` each, side by side (`typeCheckTasks`): the web app
 * (DOM and JSX), the browser tests (DOM), and the Node side in one program (tsconfig.node.json: the
 * server, the simulator, the domain and the root's config files share their options; checked
 * apart, the server's program checked the domain again and the simulator's the server: 64 CPU-s
 * where one program takes 29). Not project references: the workspaces import each other's sources
 * (the domain package exports its .ts files, server tests start the simulator), which composite
 * projects would forbid.
 */
export const TS_PROJECTS = ['apps/web', 'tsconfig.node.json', 'e2e'];

/**
 * One task per TypeScript project. `incremental`: tsc keeps what it learned in
 * node_modules/.cache/tsc/ and re-checks only what changed since (sound: tsc's own build info;
 * a clean clone has none and checks everything).
 */
export function typeCheckTasks({ incremental = false } = {}) {
  return TS_PROJECTS.map((project) => {
    const args = ['tsc', '-p', project, '--noEmit'];
    if (incremental) {
      const name = project.replace(/\.json$/, '').replaceAll('/', '-');
      args.push('--incremental', '--tsBuildInfoFile', path.join(ROOT, 'node_modules/.cache/tsc', `${name}.tsbuildinfo`));
    }
    return { name: `tsc ${project}`, command: 'npx', args };
  });
}

/**
 * Runs tasks (`{ name, command, args, env? }`) with at most `concurrency` at a time, each one's
 * output held back and printed whole when it ends (so two never interleave). Resolves with
 * `{ name, code, seconds }` per task, in the order given.
 */
export async function runTasks(tasks, concurrency = os.availableParallelism()) {
  const results = new Array(tasks.length);
  let next = 0;
  async function lane() {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      const started = Date.now();
      const code = await new Promise((resolve) => {
        const child = spawn(task.command, task.args, { cwd: ROOT, env: { ...process.env, ...task.env }, stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        let finished = false;
        const finish = (exitCode) => {
          if (finished) return;
          finished = true;
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`-- ${task.name}: ${exitCode === 0 ? 'ok' : `failed (exit ${exitCode})`}, ${seconds} s\n`);
          process.stdout.write(Buffer.concat(output));
          resolve(exitCode);
        };
        child.on('close', (exitCode, signal) => finish(exitCode ?? (signal ? 1 : 0)));
        child.on('error', () => finish(127));
      });
      results[index] = { name: task.name, code, seconds: (Date.now() - started) / 1000 };
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, tasks.length)) }, lane));
  return results;
}
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
