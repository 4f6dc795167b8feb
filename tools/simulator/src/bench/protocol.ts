/** Messages between the ingest benchmark and its server process (IPC). */
export type TBenchRequest =
  | { type: 'seed'; devices: number; locations: number; platformUrl: string | null }
  /** The events benchmark: devices spread over customers, administrators and users per customer, with tokens. */
  | { type: 'seedEvents'; devices: number; customers: number; administrators: number; usersPerCustomer: number }
  /** PostgreSQL: the database's transactions so far (pg_stat_database), for the idle cost of open streams. */
  | { type: 'transactions' }
  | { type: 'sample' }
  | { type: 'count' }
  | { type: 'stop' };

export type TBenchReply =
  | { type: 'ready'; port: number; kind: string }
  | { type: 'seeded'; secret: string; euis: string[] }
  | { type: 'seededEvents'; secret: string; euis: string[]; customerOf: number[]; adminTokens: string[]; customerTokens: string[][] }
  | { type: 'transactions'; transactions: number; at: number }
  | { type: 'sample'; unprocessed: number; failed: number; rss: number; cpuMs: number; heapUsed?: number }
  | { type: 'count'; history: number; events: number }
  | { type: 'stopped'; maxRss: number }
  | { type: 'error'; message: string };
