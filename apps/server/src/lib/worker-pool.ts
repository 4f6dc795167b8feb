import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * CPU-heavy work (a PDF's layout, a year's CSV) on worker threads, so the event loop keeps
 * answering while it runs (docs/operations-limits.md, "Heavy reports"). A task names a module and
 * one of its exports; the worker imports the module (through tsx) and calls the export with
 * arguments that can be structured-cloned. A Uint8Array result comes back as a Buffer.
 *
 * Our own small pool rather than piscina or tinypool: it needs a fixed number of threads started
 * on first use, one queue in arrival order and a thread replaced when it dies; the entry file must
 * register tsx before it imports TypeScript, which those libraries' own entry files do not do.
 */
export interface TWorkerPool {
  /** A function that runs `name` of `module` (a file URL, usually `new URL('./x.ts', import.meta.url)`) on a thread. */
  task<F extends (...args: never[]) => unknown>(module: URL, name: string): (...args: Parameters<F>) => Promise<TResult<Awaited<ReturnType<F>>>>;
  /** Tasks running and waiting. */
  readonly load: { running: number; waiting: number; threads: number };
  close(): Promise<void>;
}

type TResult<T> = T extends Uint8Array ? Buffer : T;

interface TJob {
  id: number;
  module: string;
  name: string;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface TThread {
  worker: Worker;
  job: TJob | null;
  idleTimer: NodeJS.Timeout | null;
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

/** Threads per server copy: one core stays free for the event loop, at most 4. */
export const RENDER_THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));
/** An idle thread ends after this; the next task starts one again (about 1 s: tsx and pdfmake load). */
export const IDLE_THREAD_MS = 5 * 60_000;

export function createWorkerPool({ threads = RENDER_THREADS, idleMs = IDLE_THREAD_MS }: { threads?: number; idleMs?: number } = {}): TWorkerPool {
  const pool: TThread[] = [];
  const waiting: TJob[] = [];
  let nextId = 1;
  let closed = false;

  const finish = (thread: TThread) => {
    thread.job = null;
    const next = waiting.shift();
    if (next) return start(thread, next);
    thread.idleTimer = setTimeout(() => retire(thread), idleMs).unref();
  };

  const retire = (thread: TThread) => {
    pool.splice(pool.indexOf(thread), 1);
    void thread.worker.terminate();
  };

  const start = (thread: TThread, job: TJob) => {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.job = job;
    thread.worker.postMessage({ id: job.id, module: job.module, name: job.name, args: job.args });
  };

  const spawn = (): TThread => {
    // Unreferenced: a thread never holds the process open; close() ends them on shutdown.
    const worker = new Worker(ENTRY);
    worker.unref();
    const thread: TThread = { worker, job: null, idleTimer: null };
    worker.on('message', (message: { id: number; ok: boolean; result?: unknown; message?: string; stack?: string }) => {
      const job = thread.job;
      if (!job || job.id !== message.id) return;
      if (message.ok) {
        const result = message.result;
        job.resolve(result instanceof Uint8Array ? Buffer.from(result.buffer, result.byteOffset, result.byteLength) : result);
      } else {
        const error = new Error(message.message);
        if (message.stack) error.stack = message.stack;
        job.reject(error);
      }
      finish(thread);
    });
    // A thread that dies (out of memory, a crash in a native part) fails its task only; the next task gets a new thread.
    const died = (error: Error) => {
      if (!pool.includes(thread)) return;
      pool.splice(pool.indexOf(thread), 1);
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.job?.reject(error);
      thread.job = null;
      const next = waiting.shift();
      if (next) dispatch(next);
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`worker thread ended (exit code ${code})`)));
    pool.push(thread);
    return thread;
  };

  const dispatch = (job: TJob) => {
    const idle = pool.find((thread) => thread.job === null);
    if (idle) return start(idle, job);
    if (pool.length < threads) return start(spawn(), job);
    waiting.push(job);
  };

  return {
    task(module, name) {
      const href = module.href;
      return (...args) =>
        new Promise((resolve, reject) => {
          if (closed) return reject(new Error('worker pool closed'));
          dispatch({ id: nextId++, module: href, name, args, resolve, reject });
        });
    },
    get load() {
      return { running: pool.filter((thread) => thread.job).length, waiting: waiting.length, threads: pool.length };
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('worker pool closed'));
      await Promise.all(
        pool.splice(0).map((thread) => {
          if (thread.idleTimer) clearTimeout(thread.idleTimer);
          thread.job?.reject(new Error('worker pool closed'));
          return thread.worker.terminate();
        }),
      );
    },
  };
}
