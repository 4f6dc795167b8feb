// `npm start`: builds the web app when its build is missing or stale (unless WEB_DIST names a
// build of its own), then runs the server in this process (TypeScript through tsx).
// In production mode (NODE_ENV=production; docs/operations.md, "Production build") it builds
// nothing and runs the build of `npm run build` (apps/server/dist) on plain Node: no tsx, no
// devDependencies, so `npm ci --omit=dev` is enough. Demo data is
// on unless DEMO is set; in demo mode the fleet simulator runs beside it as the demo's network
// server, so the 60 demo nodes keep reporting (SIMULATOR=off leaves it out; docs/simulator.md).
//
// Stopping (docs/operations.md): SIGTERM or SIGINT to this process, to npm or to the whole process
// group stops the server cleanly and the simulator with it. npm passes a signal on to its shell
// only, not to this process, so this process also stops when its parent goes away
// (exit-with-parent.mjs), and the simulator stops when this process goes away, however it ends.
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { buildWebIfStale, ROOT } from './lib.mjs';
import './exit-with-parent.mjs';

const production = process.env.NODE_ENV === 'production';
const SERVER_DIST = path.join(ROOT, 'apps/server/dist/server.js');
process.env.DEMO ??= 'true';
process.chdir(ROOT);
if (production && !fs.existsSync(SERVER_DIST)) {
  console.error(`NODE_ENV=production runs the build of "npm run build", and ${path.relative(ROOT, SERVER_DIST)} is missing: run "npm run build" first.`);
  process.exit(1);
}
const code = process.env.WEB_DIST || production ? 0 : await buildWebIfStale();
if (code !== 0) {
  console.error('The web app did not build; see the output above.');
  process.exit(code);
}

const isOn = (value) => ['1', 'true', 'yes', 'on'].includes(String(value ?? '').toLowerCase());

/** The demo fleet, reporting to this server through its ChirpStack intake; stopped with the server. */
function startDemoFleet() {
  const host = !process.env.HOST || ['0.0.0.0', '::'].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST;
  const target = `http://${host.includes(':') ? `[${host}]` : host}:${process.env.PORT || 3000}`;
  const program = production ? ['apps/server/dist/simulator/cli.js'] : ['--import', 'tsx', 'tools/simulator/src/cli.ts'];
  const child = spawn(
    process.execPath,
    ['--import', './scripts/exit-with-parent.mjs', ...program, '--fleet', 'demo', '--target', target, '--wait', '180s', '--status-every', '30m', '--control-stdin'],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stopping = false;
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`[simulator] ${line}`));
  }
  child.on('exit', (exitCode, signal) => {
    // Exit 0: it stopped on a signal of its own (a signal to the whole group reaches it too).
    if (!stopping && exitCode !== 0) console.log(`[simulator] stopped (${signal ?? `exit ${exitCode}`}); the demo nodes no longer report`);
  });
  process.on('exit', () => {
    stopping = true;
    child.kill('SIGTERM');
  });
  child.stdin.on('error', () => undefined); // the simulator stopped: nothing more to tell it
  return child;
}

/** A battery swapped in the portal is a new battery in the simulated node (docs/simulator.md). */
function tellSimulatorOfSwaps(child, deviceEvents) {
  deviceEvents.on('batterySwap', (eui) => {
    if (child.exitCode === null) child.stdin.write(`${JSON.stringify({ batterySwap: eui })}\n`);
  });
}

const simulator = isOn(process.env.DEMO) && !['0', 'false', 'no', 'off'].includes(String(process.env.SIMULATOR ?? 'on').toLowerCase()) ? startDemoFleet() : null;
if (!production) (await import('tsx/esm/api')).register();
// The server starts as its module is imported; it hands out its device notices (the same module
// instance as the server's own, also in the bundle).
const { deviceEvents } = await import(production ? SERVER_DIST : '../apps/server/src/server.ts');
if (simulator) tellSimulatorOfSwaps(simulator, deviceEvents);
