import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

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

/**
 * prom-client's process metrics (CPU, memory, handles, GC, event-loop delay), started once per
 * process and only when `/metrics` is on: the event-loop delay is sampled by a histogram of
 * perf_hooks, which costs a timer every 10 ms.
 */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: processMetrics, prefix: PREFIX, eventLoopMonitoringPrecision: 10 });
}
