import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/client';

export interface TDemoResult {
  password: string;
  users: string[];
}

/** Placeholder until the demo data lands: seeds nothing. */
export async function seedDemoData(_db: TDb, _options: { demoPassword?: string; log: FastifyBaseLogger }): Promise<TDemoResult | null> {
  return null;
}
