import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type TWorkerPool } from './worker-pool';
import type * as Tasks from './worker-pool.fixture';

const TASKS = new URL('./worker-pool.fixture.ts', import.meta.url);
let pool: TWorkerPool;
afterEach(() => pool.close());

/** Turns of the event loop (setImmediate callbacks) while `work` runs. */
async function loopTurnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  await work;
  done = true;
  return turns;
}

describe('createWorkerPool', () => {
  it('runs a TypeScript task on another thread; the event loop keeps turning while it computes', async () => {
    pool = createWorkerPool({ threads: 1 });
    const whichThread = pool.task<typeof Tasks.whichThread>(TASKS, 'whichThread');
    const spin = pool.task<typeof Tasks.spin>(TASKS, 'spin');
    const worker = await whichThread();
    expect(worker).not.toBe(threadId);
    // 600 ms of CPU on the main thread would be 0 turns; on the worker the loop turns all along.
    expect(await loopTurnsDuring(spin(600, 'done'))).toBeGreaterThan(20);
    expect(await whichThread()).toBe(worker); // the thread is kept for the next task
  });

  it('queues beyond its threads in arrival order, returns bytes as a Buffer and passes errors on', async () => {
    pool = createWorkerPool({ threads: 1 });
    const spin = pool.task<typeof Tasks.spin>(TASKS, 'spin');
    const order: string[] = [];
    const runs = ['a', 'b', 'c'].map((label) => spin(20, label).then((result) => order.push(result)));
    expect(pool.load).toEqual({ running: 1, waiting: 2, threads: 1 });
    await Promise.all(runs);
    expect(order).toEqual(['a', 'b', 'c']);
    const buffer = await pool.task<typeof Tasks.bytes>(TASKS, 'bytes')(5);
    expect(Buffer.isBuffer(buffer)).toBe(true);
    expect([...buffer]).toEqual([7, 7, 7, 7, 7]);
    await expect(pool.task<typeof Tasks.fail>(TASKS, 'fail')('no ink')).rejects.toThrow('no ink');
    expect(await spin(1, 'after a failure')).toBe('after a failure');
  });

  it('a thread that dies fails its own task only; the next task gets a new thread', async () => {
    pool = createWorkerPool({ threads: 1 });
    const whichThread = pool.task<typeof Tasks.whichThread>(TASKS, 'whichThread');
    const first = await whichThread();
    const [died, next] = await Promise.allSettled([pool.task<typeof Tasks.die>(TASKS, 'die')(), whichThread()]);
    expect(died).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ message: expect.stringContaining('exit code 3') }) });
    expect(next).toMatchObject({ status: 'fulfilled' });
    expect((next as PromiseFulfilledResult<number>).value).not.toBe(first);
  });

  it('runs threads side by side up to its size, and refuses work once closed', async () => {
    pool = createWorkerPool({ threads: 2 });
    const whichThread = pool.task<typeof Tasks.whichThread>(TASKS, 'whichThread');
    const spin = pool.task<typeof Tasks.spin>(TASKS, 'spin');
    const both = Promise.all([spin(300, 'x'), spin(300, 'y')]);
    expect(pool.load).toEqual({ running: 2, waiting: 0, threads: 2 });
    await both;
    await pool.close();
    await expect(whichThread()).rejects.toThrow('worker pool closed');
  });
});
