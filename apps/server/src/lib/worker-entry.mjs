// The thread of a worker pool (worker-pool.ts). Plain JavaScript: it registers tsx first, so the
// TypeScript modules it is asked to run load the same way under `tsx`, `node` and Vitest.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

parentPort.on('message', async ({ id, module, name, args }) => {
  try {
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
