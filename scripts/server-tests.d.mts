// Types of scripts/server-tests.mjs for vitest.config.ts (the root TypeScript project).
export const SERVER_ROOT: string;
export const PGLITE_PROOFS: string[];
export interface TServerTestKinds {
  free: string[];
  database: string[];
  postgresOnly: string[];
}
export function serverTestFiles(): TServerTestKinds;
export function serverTestSelection(part?: string, postgres?: boolean): { include: string[]; databaseFree: string[]; kinds: TServerTestKinds };
