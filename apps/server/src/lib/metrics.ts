import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's counters and histograms (docs/operations.md, "Metrics"). They are counted where the
 * thing happens (an uplink stored, a job's step, an HTTP answer): an increment or an observation,
 * nothing else on the hot path. Everything that is a state (backlogs, pools, streams, the spool) is
 * a gauge read when `/metrics` is scraped (plugins/metrics.ts), not kept up to date.
 *
 * One registry per process: a process serves one portal. Tests that build several apps in one
 * process see them counted together, so they assert that a value moved, never its total.
 */
export const processMetrics = new Registry();

const PREFIX = 'aquasmart_';

export const uplinksAccepted = new Counter({
  name: `${PREFIX}uplinks_accepted_total`,
  help: 'Network-server events accepted by the intake (HTTP and MQTT), stored or spooled; outcome "duplicate" for a copy already held.',
  labelNames: ['outcome'] as const,
  registers: [processMetrics],
});

export const uplinksProcessed = new Counter({
  name: `${PREFIX}uplinks_processed_total`,
  help: 'Stored intake events processed by the intake worker (result "problem": processed, a problem recorded on the event).',
  labelNames: ['result'] as const,
  registers: [processMetrics],
});

export const uplinkProcessingFailures = new Counter({
  name: `${PREFIX}uplink_processing_failures_total`,
  help: 'Intake events whose processing failed and was put back for a retry with back-off.',
  registers: [processMetrics],
});

export const jobStepSeconds = new Histogram({
  name: `${PREFIX}job_step_duration_seconds`,
  help: 'Duration of one step of a background job (the loops of jobs/background-jobs.ts).',
  labelNames: ['job'] as const,
  buckets: [0.005, 0.025, 0.1, 0.5, 2, 10, 60, 300],
  registers: [processMetrics],
});

export const jobStepFailures = new Counter({
  name: `${PREFIX}job_step_failures_total`,
  help: 'Steps of a background job that threw (the job logs the error and goes on).',
  labelNames: ['job'] as const,
  registers: [processMetrics],
});

export const httpRequestSeconds = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'HTTP answers by route pattern (not the raw URL), method and status class.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

/** Runs one step of a background job, counting its duration and a failure (rethrown). */
export async function observeJobStep<T>(job: string, step: () => Promise<T>): Promise<T> {
  const end = jobStepSeconds.startTimer({ job });
  try {
    return await step();
  } catch (error) {
    jobStepFailures.inc({ job });
    throw error;
  } finally {
    end();
  }
}

let defaultsStarted = false;

const LOOP_PROBE_MS = 20;
let loopProbeDue = 0;
let longestHoldMs = 0;

/**
 * How long the event loop was held, measured as the lateness of a 20 ms timer. prom-client's
 * `nodejs_eventloop_lag_*` come from perf_hooks' delay histogram, which did not record a loop held
 * once for 300 ms (it showed 10-20 ms, Node 20 and 24), and from a setImmediate timed during the
 * scrape itself, which sees only that moment.
 */
function startLoopProbe(): void {
  loopProbeDue = performance.now() + LOOP_PROBE_MS;
  setInterval(() => {
    const now = performance.now();
    longestHoldMs = Math.max(longestHoldMs, now - loopProbeDue);
    loopProbeDue = now + LOOP_PROBE_MS;
  }, LOOP_PROBE_MS).unref();
}

new Gauge({
  name: `${PREFIX}event_loop_held_max_seconds`,
  help: 'The longest time the event loop was held (a 20 ms timer late by that much) since the previous scrape.',
  registers: [processMetrics],
  collect() {
    // A hold that ended just before this scrape and that the timer has not seen yet counts too.
    const pending = loopProbeDue > 0 ? performance.now() - loopProbeDue : 0;
    this.set(Math.max(0, longestHoldMs, pending) / 1000);
    longestHoldMs = 0;
  },
});

/**
 * prom-client's process metrics (CPU, memory, handles, GC, event-loop delay) and the event loop's
 * longest hold, started once per process and only when `/metrics` is on: each costs a timer (10 ms
 * and 20 ms).
 */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: processMetrics, prefix: PREFIX, eventLoopMonitoringPrecision: 10 });
  startLoopProbe();
}
