/** Messages between the ingest benchmark and its server process (IPC). */
export type TBenchRequest = { type: 'seed'; devices: number; locations: number; platformUrl: string | null } | { type: 'sample' } | { type: 'count' } | { type: 'stop' };

export type TBenchReply =
  | { type: 'ready'; port: number; kind: string }
  | { type: 'seeded'; secret: string; euis: string[] }
  | { type: 'sample'; unprocessed: number; failed: number; rss: number; cpuMs: number }
  | { type: 'count'; history: number; events: number }
  | { type: 'stopped'; maxRss: number }
  | { type: 'error'; message: string };
