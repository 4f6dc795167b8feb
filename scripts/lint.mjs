// `npm run lint`: ESLint, the lock-file and dependency checks and the type checks, side by side (as many at a time
// as the machine has cores: each is one single-threaded process). ESLint keeps a cache here
// (node_modules/.cache/eslint/, by content) and tsc its build info (node_modules/.cache/tsc/), so a
// second run re-checks only what changed. The ESLint cache is per file: a change in one file that
// makes a type-aware rule fire in another, unchanged file (a function that now returns a promise its
// callers float) is missed until that file changes or the cache goes, which is why `npm test`'s
// lint step (and CI) runs ESLint without it. `--no-cache` here does the same.
import { fileURLToPath } from 'node:url';
import { runTasks, typeCheckTasks } from './lib.mjs';

/** The tasks of the lint step; `cache`: ESLint's cache (see above). */
export function lintTasks({ cache }) {
  const eslint = ['eslint', '.', '--max-warnings=0'];
  if (cache) eslint.push('--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/');
  return [
    { name: 'eslint', command: 'npx', args: eslint },
    ...typeCheckTasks({ incremental: true }),
    { name: 'import cycles', command: 'node', args: ['scripts/check-cycles.mjs'] },
    { name: 'lock file', command: 'node', args: ['scripts/check-lock.mjs'] },
    { name: 'dependencies', command: 'node', args: ['scripts/check-dependencies.mjs'] },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await runTasks(lintTasks({ cache: !process.argv.includes('--no-cache') }));
  const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
  console.log(failed.length ? `Failed: ${failed.join(', ')}` : 'Lint, lock file and type checks passed.');
  process.exit(failed.length ? 1 : 0);
}
