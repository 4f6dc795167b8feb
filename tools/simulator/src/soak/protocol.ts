/** Messages between the soak test and the portal process it runs (IPC). */
export type TSoakRequest =
  | { type: 'seed-fleet'; nodes: { eui: string; type: 'V1' | 'V2' | 'V3'; name: string }[] }
  /** `window: true` for the report line: also the longest event-loop pause since the previous report. */
  | { type: 'sample'; window?: boolean }
  | { type: 'count'; afterEventId: number }
  | { type: 'stop' };

export interface TSoakSample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** Intake events not yet processed, and those whose processing failed. */
  unprocessed: number;
  failed: number;
  databaseBytes: number;
  cpuMs: number;
  /** The longest event-loop pause since the previous `window` sample (0 on other samples). */
  loopPauseMs: number;
}

export type TSoakReply =
  | { type: 'ready'; port: number; kind: string; lastEventId: number }
  | { type: 'seeded'; nodes: number; loopPauseMs: number }
  | ({ type: 'sample' } & TSoakSample)
  | { type: 'count'; upEvents: number; unprocessed: number; failed: number }
  | { type: 'stopped'; maxRss: number }
  | { type: 'error'; message: string };
