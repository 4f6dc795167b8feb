/** Messages between the soak test and the portal process it runs (IPC). */
export type TSoakRequest =
  | { type: 'seed-fleet'; nodes: { eui: string; type: 'V1' | 'V2' | 'V3'; name: string }[] }
  | { type: 'sample' }
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
}

export type TSoakReply =
  | { type: 'ready'; port: number; kind: string; lastEventId: number }
  | { type: 'seeded'; nodes: number }
  | ({ type: 'sample' } & TSoakSample)
  | { type: 'count'; upEvents: number; unprocessed: number; failed: number }
  | { type: 'stopped'; maxRss: number }
  | { type: 'error'; message: string };
