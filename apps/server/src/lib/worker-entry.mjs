// The thread of a worker pool (worker-pool.ts). Plain JavaScript: asked for a TypeScript module, it
// registers tsx first, so those load the same way under `tsx`, `node` and Vitest; the production
// build (dist, docs/operations.md) asks for its bundled .js tasks and never loads tsx.
import { parentPort } from 'node:worker_threads';

let tsx = null;

parentPort.on('message', async ({ id, module, name, args }) => {
  try {
    if (module.endsWith('.ts')) tsx ??= import('tsx/esm/api').then(({ register }) => register());
    await tsx;
    const loaded = await import(module);
    let result = await loaded[name](...args);
    const transfer = [];
    if (result instanceof Uint8Array) {
      // A copy of its own, so the bytes move to the main thread without another copy.
      result = new Uint8Array(result);
      transfer.push(result.buffer);
    }
    parentPort.postMessage({ id, ok: true, result }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
  }
});
