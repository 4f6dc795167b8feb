// `node scripts/check-cycles.mjs`, part of the lint step: no TypeScript file of the repository reaches
// itself again through its value imports (an import cycle: modules half-initialised at start-up, and
// layers that no longer stack). What ESLint's import-x/no-cycle checked, at a fraction of its cost: the
// rule re-parsed every imported file for every linted one (53 of ESLint's 106 CPU-s, docs/testing.md);
// this reads each file once (scripts/imports.mjs) and finds the cycles as the strongly connected
// components of the import graph (Tarjan). Type-only imports are no cycle: they leave no code behind.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { valueImports } from './imports.mjs';
import { ROOT } from './lib.mjs';

const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.git', '.tmp', 'migrations']);

/** The repository's TypeScript files (.ts, .tsx), outside dependencies and build output. */
export function typeScriptFiles(folder = ROOT) {
  const files = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...typeScriptFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/**
 * The cycles of a graph (node -> the nodes it imports): each strongly connected component of more than
 * one node, and each node that imports itself, as a list of its nodes in a stable order.
 */
export function findCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  // Iterative Tarjan: the web app's import chains are deeper than a recursion would like.
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work = [[root, 0]];
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (next === 0) {
        index.set(node, counter);
        low.set(node, counter);
        counter += 1;
        stack.push(node);
        onStack.add(node);
      }
      const targets = graph.get(node) ?? [];
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!index.has(target)) work.push([target, 0]);
        else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || targets.includes(node)) cycles.push(component.sort());
    }
  }
  return cycles;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = typeScriptFiles();
  const graph = new Map(files.map((file) => [file, valueImports(file)]));
  const cycles = findCycles(graph);
  for (const cycle of cycles) console.log(`Import cycle: ${cycle.map((file) => path.relative(ROOT, file)).join(' <-> ')}`);
  console.log(cycles.length ? `${cycles.length} import cycle(s) among ${files.length} files.` : `No import cycle among ${files.length} files.`);
  process.exit(cycles.length ? 1 : 0);
}
