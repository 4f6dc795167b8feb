/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, at the
 * highest levels, once at build time; the server sends them to browsers that accept them
 * (@fastify/static `preCompressed`, apps/server/src/plugins/web-app.ts), so no request pays for
 * compression. A copy that would not be smaller is not written. Run after `vite build`.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico', '.map', '.wasm']);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesOf(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const files = (await filesOf(dist)).filter((file) => COMPRESSIBLE.has(extname(file)) && !file.includes(`${join(dist, '.vite')}`));
let raw = 0;
let br = 0;
let gz = 0;
await Promise.all(
  files.map(async (file) => {
    const content = await readFile(file);
    const [brBytes, gzBytes] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipped(content, { level: 9 }),
    ]);
    raw += content.length;
    for (const [extension, bytes] of [
      ['.br', brBytes],
      ['.gz', gzBytes],
    ]) {
      if (bytes.length < content.length) await writeFile(file + extension, bytes);
      else await rm(file + extension, { force: true });
    }
    br += Math.min(brBytes.length, content.length);
    gz += Math.min(gzBytes.length, content.length);
  }),
);
const kB = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;
console.log(`precompressed ${files.length} files: ${kB(raw)} -> brotli ${kB(br)}, gzip ${kB(gz)}`);
