import { threadId } from 'node:worker_threads';

/** Tasks for worker-pool.test.ts, run on the pool's threads. Test code only. */
export function whichThread(): number {
  return threadId;
}

/** Keeps its thread's CPU busy for `ms`, as a PDF's layout does. */
export function spin(ms: number, label: string): string {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose
  }
  return label;
}

export function bytes(length: number): Uint8Array {
  return new Uint8Array(length).fill(7);
}

export async function fail(message: string): Promise<never> {
  throw new Error(message);
}

export function die(): void {
  process.exit(3);
}
