import type { TDb } from '../db/database';

/** The transaction the whole demo is written in. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
