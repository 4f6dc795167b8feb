// The production build of the server (docs/operations.md, "Production build"): apps/server/src and
// the domain package bundled by esbuild into apps/server/dist, one bundle per entry, every npm
// dependency left external (installed by `npm ci --omit=dev`), so `node apps/server/dist/server.js`
// runs on plain Node without tsx. What the code reads from disk next to itself is copied beside
// the bundles at the same relative place as in src: the migrations, the demo images, the worker
// thread's entry and the embedded database's initdb child.
//
// Each source file's `import.meta.url` is rewritten to the URL its own file would have in dist
// (the bundle's own URL plus the file's path from src), so `new URL('./x', import.meta.url)` and
// `path.dirname(fileURLToPath(import.meta.url))` find the same neighbours as under tsx; a worker task
// named `new URL('./report-pdf.ts', import.meta.url)` becomes `report-pdf.js`, built as an entry of its own.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(SERVER, '../..');
const SRC = path.join(SERVER, 'src');
const SIMULATOR_SRC = path.join(ROOT, 'tools/simulator/src');
const DIST = path.join(SERVER, 'dist');

/** Source file -> its output path under dist (without extension). */
const ENTRIES = {
  [path.join(SRC, 'server.ts')]: 'server',
  [path.join(SRC, 'bootstrap/reset-password-cli.ts')]: 'bootstrap/reset-password-cli',
  // Worker tasks (lib/worker-pool.ts): loaded by the worker thread from their URL.
  [path.join(SRC, 'modules/logbook/report-pdf.ts')]: 'modules/logbook/report-pdf',
  [path.join(SRC, 'modules/logbook/report-csv.ts')]: 'modules/logbook/report-csv',
  [path.join(SRC, 'modules/labels/labels-pdf.ts')]: 'modules/labels/labels-pdf',
  // The demo fleet that `npm start` runs beside the server in demo mode (docs/simulator.md).
  [path.join(SIMULATOR_SRC, 'cli.ts')]: 'simulator/cli',
};

/** Files read at run time, copied to the same place under dist. */
const COPIED = ['db/migrations', 'demo/images', 'lib/worker-entry.mjs', 'db/pglite-initdb-child.mjs'];

/** Where a source file sits in dist (its path from src, or simulator/ for the simulator's). */
function distPathOf(file) {
  if (file.startsWith(SRC + path.sep)) return path.relative(SRC, file);
  if (file.startsWith(SIMULATOR_SRC + path.sep)) return path.join('simulator', path.relative(SIMULATOR_SRC, file));
  return null;
}

function ownUrlPlugin(entryOut) {
  const up = '../'.repeat(entryOut.split('/').length - 1);
  return {
    name: 'own-import-meta-url',
    setup(builder) {
      // npm packages stay external; the workspaces' own sources (@aquasmart/*) are bundled.
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@aquasmart/') || args.path.startsWith('node:')) return undefined;
        return { path: args.path, external: true };
      });
      builder.onLoad({ filter: /\.(ts|mjs|js)$/ }, async (args) => {
        const place = distPathOf(args.path);
        if (!place) return undefined;
        let text = await fs.promises.readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const own = `${up}${place.replace(/\.(ts|mjs)$/, (ext) => (ext === '.mjs' ? '.mjs' : '.js'))}`;
        text = text
          .replace(/(new URL\('\.[^']*)\.ts'(,\s*import\.meta\.url\))/g, "$1.js'$2")
          .replace(/import\.meta\.url/g, `new URL(${JSON.stringify(own.split(path.sep).join('/'))}, import.meta.url).href`);
        return { contents: text, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}

export async function buildServer() {
  const started = Date.now();
  fs.rmSync(DIST, { recursive: true, force: true });
  for (const [entry, out] of Object.entries(ENTRIES)) {
    await build({
      entryPoints: [entry],
      outfile: path.join(DIST, `${out}.js`),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      legalComments: 'none',
      logLevel: 'warning',
      // A bundle of ESM that calls require() (a CommonJS dependency inlined) gets a require of its own.
      banner: { js: "import { createRequire as __aqCreateRequire } from 'node:module'; const require = __aqCreateRequire(import.meta.url);" },
      plugins: [ownUrlPlugin(out)],
    });
  }
  for (const item of COPIED) fs.cpSync(path.join(SRC, item), path.join(DIST, item), { recursive: true });
  // Plain Node resolves .js as ESM only inside a "type": "module" package: apps/server's is, and
  // this marker keeps it so wherever dist is copied.
  fs.writeFileSync(path.join(DIST, 'package.json'), `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);
  return Date.now() - started;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`server built into ${path.relative(ROOT, DIST)} in ${(ms / 1000).toFixed(1)} s`);
}
