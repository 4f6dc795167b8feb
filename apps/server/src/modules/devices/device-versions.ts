import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/database';

/**
 * What was true of a node when (migration 0024_device_versions.sql, docs/logbook.md): triggers on
 * devices, device_channels and device_parameters write a version whenever a node's place, names,
 * channels, calibration interval, faucet or settings change. While an import of history runs (the
 * demo seed, seed:scale, the server tests' fixtures) the current state is taken as always true
 * instead: the history loaded with a node was recorded where it stands now.
 */
export async function setHistoryImport(db: TDbOrTx, importing: boolean): Promise<void> {
  await db.execute(sql`UPDATE device_history_import SET importing = ${importing}`);
}

/** Runs `load` as an import of history (see setHistoryImport), and ends the import whatever happens. */
export async function asHistoryImport<T>(db: TDbOrTx, load: () => Promise<T>): Promise<T> {
  await setHistoryImport(db, true);
  try {
    return await load();
  } finally {
    await setHistoryImport(db, false);
  }
}
