/**
 * Prints the gzipped JavaScript that /login loads (the entry chunk, the login screen and the
 * chunks they import) and fails when it exceeds the budget of the acceptance criteria
 * (at most 250 kB). Run after `vite build`; reads dist/.vite/manifest.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT_KB = 250;
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
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

function report(title, keys) {
  const files = closure(keys);
  let raw = 0;
  let gzip = 0;
  const rows = files.map((file) => {
    const code = readFileSync(join(dist, file));
    const zipped = gzipSync(code, { level: 9 }).length;
    raw += code.length;
    gzip += zipped;
    return { file, kB: (code.length / 1000).toFixed(2), gzipKB: (zipped / 1000).toFixed(2) };
  });
  console.log(`\n${title}`);
  for (const row of rows.sort((a, b) => Number(b.gzipKB) - Number(a.gzipKB))) {
    console.log(`  ${row.file.padEnd(56)} ${row.kB.padStart(9)} kB   gzip ${row.gzipKB.padStart(8)} kB`);
  }
  console.log(`  ${'total'.padEnd(56)} ${(raw / 1000).toFixed(2).padStart(9)} kB   gzip ${(gzip / 1000).toFixed(2).padStart(8)} kB`);
  return gzip / 1000;
}

const login = report('JavaScript loaded by /login', ['index.html', 'src/features/auth/login-page.tsx']);
report('JavaScript loaded by a first shell page (/customers, not built yet)', [
  'index.html',
  'src/app/shell/shell-layout.tsx',
  'src/components/page/not-built-page.tsx',
]);

if (login > LIMIT_KB) {
  console.error(`\n/login loads ${login.toFixed(2)} kB of gzipped JavaScript, over the budget of ${LIMIT_KB} kB.`);
  process.exit(1);
}
console.log(`\n/login loads ${login.toFixed(2)} kB of gzipped JavaScript (budget ${LIMIT_KB} kB).`);
