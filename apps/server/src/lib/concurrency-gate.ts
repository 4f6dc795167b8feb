/**
 * At most `limit` of some work at once; the rest wait their turn in arrival order. For work that
 * holds a scarce resource for seconds (a logbook report holds an API database connection).
 */
export function createConcurrencyGate(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      release();
    }
  };
}
