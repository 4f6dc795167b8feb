/**
 * Prints what a browser receives for /login and for a list screen (/customers): index.html and the
 * JavaScript and CSS they load (the entry chunk, the screen's chunk and the chunks they import),
 * counted as the bytes sent: the precompressed brotli and gzip copies (scripts/precompress.mjs)
 * that the server sends for `Accept-Encoding: br, gzip` and `gzip`. Fails when /login needs more
 * than the budget of gzipped JavaScript (200 kB; a browser that takes brotli gets less). Run after
 * `vite build` and precompress.mjs; reads dist/.vite/manifest.json.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const LIMIT_KB = 200;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle-report: ${key} is not in the manifest`);
    seen.add(key);
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  keys.forEach(visit);
  const files = new Set();
  for (const key of seen) {
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
  }
  return [...files];
}

/** Bytes sent for a file: its precompressed copy when there is one (and smaller), else the file. */
function sent(file, extension) {
  const plain = statSync(join(dist, file)).size;
  const copy = join(dist, file + extension);
  return existsSync(copy) ? Math.min(statSync(copy).size, plain) : plain;
}

const kB = (bytes) => (bytes / 1000).toFixed(2);

function report(title, keys) {
  const files = ['index.html', ...closure(keys).filter((file) => file !== 'index.html')];
  const rows = files.map((file) => ({ file, raw: statSync(join(dist, file)).size, br: sent(file, '.br'), gzip: sent(file, '.gz') }));
  const sum = (pick, only = () => true) => rows.filter(only).reduce((total, row) => total + pick(row), 0);
  console.log(`\n${title}: bytes sent for Accept-Encoding br, gzip (brotli) and gzip`);
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${row.file.padEnd(52)} ${kB(row.raw).padStart(9)} kB   br ${kB(row.br).padStart(8)} kB   gzip ${kB(row.gzip).padStart(8)} kB`);
  }
  console.log(`  ${'total'.padEnd(52)} ${kB(sum((r) => r.raw)).padStart(9)} kB   br ${kB(sum((r) => r.br)).padStart(8)} kB   gzip ${kB(sum((r) => r.gzip)).padStart(8)} kB`);
  const isJs = (row) => row.file.endsWith('.js');
  return { br: sum((r) => r.br), gzip: sum((r) => r.gzip), jsBr: sum((r) => r.br, isJs), jsGzip: sum((r) => r.gzip, isJs) };
}

const login = report('/login', ['index.html', 'src/features/auth/login-page.tsx']);
const list = report('/customers (a list screen, signed in)', [
  'index.html',
  'src/app/shell/shell-root.tsx',
  'src/features/customers/customer-list-page.tsx',
  'src/lib/i18n/texts/places.ts',
]);

console.log(`\n/customers loads ${kB(list.jsBr)} kB of JavaScript with brotli, ${kB(list.jsGzip)} kB with gzip (${kB(list.br)} kB / ${kB(list.gzip)} kB in all).`);
if (login.jsGzip / 1000 > LIMIT_KB) {
  console.error(`\n/login loads ${kB(login.jsGzip)} kB of gzipped JavaScript, over the budget of ${LIMIT_KB} kB.`);
  process.exit(1);
}
console.log(`/login loads ${kB(login.jsGzip)} kB of gzipped JavaScript (budget ${LIMIT_KB} kB); ${kB(login.jsBr)} kB with brotli.`);
