// `npm run check:deps` (part of the lint step): the package.json files say what the code uses.
// - every declared dependency is used by its workspace: imported by one of its files, run by one
//   of its scripts, a peer of another of its dependencies, or the types (`@types/x`) of one used;
// - no devDependency is declared twice: the root's devDependencies hold the test tools of the
//   whole tree (one version, one place to update); a workspace's dependencies what its code needs;
// - every installed package accepts the Nodes `engines` promises (its lowest 20.x and 24.0.0),
//   unless it is listed in ENGINE_EXCEPTIONS with the reason (README, "Node versions").
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from './lib.mjs';

const require = createRequire(import.meta.url);
const semver = require('semver');

/** Installed packages whose `engines.node` leaves out a Node we support, each checked by hand. */
export const ENGINE_EXCEPTIONS = {
  // fastify -> light-my-request (`app.inject`, loaded at every start) -> cookie@2. Its code uses
  // nothing newer than Node 20 has (string functions only); `engines` says >=22 as a support
  // policy. Every server test injects requests through it on Node 20 in CI.
  'node_modules/cookie@2.0.2': '>=22',
};

/** Files that are no package's own code. */
const SKIP_FOLDERS = new Set(['node_modules', 'dist', 'data', '.tmp', 'test-results', 'playwright-report', 'migrations', 'drizzle-draft']);
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
/** Binaries whose package has another name. */
const BINARIES = { tsc: 'typescript', playwright: '@playwright/test' };

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function codeFiles(folder, skip) {
  const files = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_FOLDERS.has(entry.name) && !entry.name.startsWith('.') && !skip.has(full)) files.push(...codeFiles(full, skip));
    } else if (CODE.test(entry.name)) files.push(full);
  }
  return files;
}

/** The package names a file imports (`import`, `export ... from`, `import()`, `require()`) or resolves (`require.resolve()`, to run its binary). */
function importedPackages(file) {
  const text = fs.readFileSync(file, 'utf8');
  const names = new Set();
  for (const match of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\.resolve\s*\(\s*)['"]([^'"./][^'"]*)['"]/g)) {
    const parts = match[1].split('/');
    if (match[1].startsWith('node:')) continue;
    names.add(match[1].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return names;
}

/** Vitest environments (`environment: 'happy-dom'` in the root's vitest.config.ts) name a package of the workspace they test. */
function environments(files) {
  return new Set(files.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/environment:\s*'([^']+)'/g)].map((match) => match[1])));
}

/** One problem per line; empty when the package files are in step with the code. */
export function dependencyProblems(root = ROOT) {
  const rootPackage = readJson(path.join(root, 'package.json'));
  const workspaces = rootPackage.workspaces.map((folder) => path.join(root, folder));
  const packages = [{ folder: root, json: rootPackage, skip: new Set(workspaces) }, ...workspaces.map((folder) => ({ folder, json: readJson(path.join(folder, 'package.json')), skip: new Set() }))];
  const problems = [];
  const devIn = new Map();
  const testEnvironments = environments(codeFiles(root, new Set(workspaces)));

  for (const { folder, json, skip } of packages) {
    const where = path.relative(root, path.join(folder, 'package.json'));
    const declared = { ...json.dependencies, ...json.devDependencies };
    const used = new Set(testEnvironments);
    for (const file of codeFiles(folder, skip)) for (const name of importedPackages(file)) used.add(name);
    for (const script of Object.values(json.scripts ?? {})) {
      for (const word of script.split(/[\s;&|()]+/)) used.add(BINARIES[word] ?? word);
    }
    for (const name of Object.keys(declared)) {
      const manifest = path.join(root, 'node_modules', name, 'package.json');
      if (fs.existsSync(manifest)) for (const peer of Object.keys(readJson(manifest).peerDependencies ?? {})) used.add(peer);
    }
    for (const name of Object.keys(json.devDependencies ?? {})) devIn.set(name, [...(devIn.get(name) ?? []), where]);
    for (const name of Object.keys(declared)) {
      if (name.startsWith('@aquasmart/')) continue;
      const typesOf = name.startsWith('@types/') ? name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2') : null;
      const isUsed = used.has(name) || (typesOf !== null && (typesOf === 'node' || used.has(typesOf)));
      if (!isUsed) problems.push(`${where}: ${name} is declared but nothing in ${path.relative(root, folder) || 'the root'} uses it`);
    }
  }
  for (const [name, places] of devIn) {
    if (places.length > 1) problems.push(`${name} is a devDependency of ${places.join(' and ')}: declare it once (test tools in the root's)`);
  }

  const lock = readJson(path.join(root, 'package-lock.json'));
  const [lowest, highest] = [semver.minVersion(rootPackage.engines.node).version, '24.0.0'];
  for (const [location, entry] of Object.entries(lock.packages)) {
    const range = typeof entry.engines === 'object' && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!location || !range) continue;
    if (semver.satisfies(lowest, range) && semver.satisfies(highest, range)) continue;
    const key = `${location}@${entry.version}`;
    if (ENGINE_EXCEPTIONS[key] === range) continue;
    problems.push(`${key} needs Node ${range}, engines promises ${rootPackage.engines.node}: decide (README, "Node versions") and list it in ENGINE_EXCEPTIONS`);
  }
  for (const key of Object.keys(ENGINE_EXCEPTIONS)) {
    const [location, version] = key.split(/@(?=[^@]+$)/);
    if (lock.packages[location]?.version !== version) problems.push(`ENGINE_EXCEPTIONS names ${key}, which is no longer installed: remove it`);
  }
  return problems;
}

if (process.argv[1] === import.meta.filename) {
  const problems = dependencyProblems();
  for (const problem of problems) console.error(`check:deps: ${problem}`);
  if (problems.length === 0) console.log('check:deps: every declared dependency is used, declared once, and fits engines.');
  process.exit(problems.length ? 1 : 0);
}
