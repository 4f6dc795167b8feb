// `npm run check:lock`: fails when `npm install` would change package-lock.json, i.e. when the lock
// file is out of step with a package.json (a range changed without `npm install`, a workspace
// added). Runs npm's own resolution on a copy of the package files in a temporary folder, so the
// work tree and node_modules stay untouched; asks the npm registry only about ranges the lock no
// longer satisfies.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib.mjs';

const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const files = ['package.json', 'package-lock.json', ...root.workspaces.map((workspace) => path.join(workspace, 'package.json'))];
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-lock-'));
try {
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
  }
  const npm = spawnSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: copy,
    encoding: 'utf8',
  });
  if (npm.status !== 0) {
    console.error(`check:lock: npm install --package-lock-only failed:\n${npm.stderr}`);
    process.exit(1);
  }
  const before = fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8');
  const after = fs.readFileSync(path.join(copy, 'package-lock.json'), 'utf8');
  if (before !== after) {
    const [a, b] = [before.split('\n'), after.split('\n')];
    const first = a.findIndex((line, i) => line !== b[i]);
    console.error('check:lock: package-lock.json is out of step with the package.json files: `npm install` would rewrite it.');
    console.error(`First difference at line ${first + 1}:\n  lock:    ${a[first]?.trim()}\n  install: ${b[first]?.trim()}`);
    console.error('Run `npm install` and commit package-lock.json.');
    process.exit(1);
  }
  console.log('check:lock: package-lock.json is in step with every package.json.');
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
