import type { TTimers } from '../../lib/events/event-stream';

/**
 * At most one run per key and window: the first call runs at once (a badge moves within a
 * second), later calls in the window become one run at its end (a burst of uplinks refetches a
 * list once, not per node).
 */
export interface TThrottle {
  run(key: string, fn: () => void): void;
  stop(): void;
}

export function createThrottle(windowMs: number, timers: TTimers): TThrottle {
  const open = new Map<string, { handle: unknown; trailing: (() => void) | null }>();

  function close(key: string): void {
    const entry = open.get(key);
    if (!entry) return;
    if (!entry.trailing) {
      open.delete(key);
      return;
    }
    const fn = entry.trailing;
    entry.trailing = null;
    fn();
    entry.handle = timers.setTimeout(() => close(key), windowMs);
  }

  return {
    run(key, fn) {
      const entry = open.get(key);
      if (entry) {
        entry.trailing = fn;
        return;
      }
      fn();
      open.set(key, { handle: timers.setTimeout(() => close(key), windowMs), trailing: null });
    },
    stop() {
      for (const entry of open.values()) timers.clearTimeout(entry.handle);
      open.clear();
    },
  };
}
