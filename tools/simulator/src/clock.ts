/**
 * Simulated time: starts at `startMs` and runs `speed` times faster than the wall clock. It does
 * not pass the wall clock unless `allowFuture` (the portal would show readings from tomorrow):
 * a start in the past with a speed-up fills the history quickly, then goes on in real time.
 */
export interface TClock {
  now(): number;
}

export interface TClockOptions {
  startMs: number;
  speed: number;
  allowFuture?: boolean;
  wallNow?: () => number;
}

export function simulatedClock({ startMs, speed, allowFuture = false, wallNow = Date.now }: TClockOptions): TClock {
  const wallStart = wallNow();
  return {
    now() {
      const wall = wallNow();
      const simulated = startMs + (wall - wallStart) * speed;
      return allowFuture ? simulated : Math.min(simulated, Math.max(wall, startMs));
    },
  };
}
