import { and, desc, eq, sql } from 'drizzle-orm';
import { exportTexts, type TExportLanguage } from '@aquasmart/domain';
import { EXPORT_BATCH_SIZE, type TExportColumn } from '../../lib/csv-export';
import { keysetBatches, keysetOrder, keysetSelection, type TKeysetKey } from '../../lib/keyset';
import type { TDb, TDbOrTx } from '../../db/database';
import { auditLogs } from '../../db/schema';
import { isoText } from './device-fields';

/** GET /devices/{eui}/auditLogs (docs/nodes.md, "Audit log"): entries of ts, user, value, newest first. */
export async function listAuditLogs(db: TDb, eui: string): Promise<{ ts: string; user: string | null; value: unknown }[]> {
  const rows = await db
    .select({ ts: isoText(auditLogs.ts), user: auditLogs.userEmail, value: auditLogs.value })
    .from(auditLogs)
    .where(eq(auditLogs.deviceEui, eui))
    .orderBy(desc(auditLogs.ts), desc(auditLogs.id));
  return rows.map((row) => ({ ...row, ts: row.ts ?? '' }));
}

/** Appends one entry to a device's audit log (in the caller's transaction). */
export async function appendAuditLog(db: TDbOrTx, eui: string, userEmail: string, value: Record<string, unknown>): Promise<void> {
  await db.insert(auditLogs).values({ deviceEui: eui, userEmail, value });
}

/** One entry of the audit export (docs/exports.md). */
export interface TAuditExportRow {
  ts: Date;
  user: string | null;
  value: unknown;
}

/** Newest first, as the list; the id settles entries of one moment. */
const AUDIT_ORDER: TKeysetKey[] = [
  { expression: sql`${auditLogs.ts}`, type: 'timestamptz', descending: true, notNull: true },
  { expression: sql`${auditLogs.id}`, type: 'bigint', descending: true, notNull: true },
];

/** Every audit entry of a node, newest first, in keyset batches. */
export function auditLogExportBatches(db: TDb, eui: string, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<TAuditExportRow[]> {
  return keysetBatches(
    AUDIT_ORDER,
    (after, limit) =>
      db
        .select({ ts: auditLogs.ts, user: auditLogs.userEmail, value: auditLogs.value, ...keysetSelection(AUDIT_ORDER) })
        .from(auditLogs)
        .where(and(eq(auditLogs.deviceEui, eui), after))
        .orderBy(...keysetOrder(AUDIT_ORDER))
        .limit(limit),
    batchSize,
  );
}

/**
 * The audit tab's columns: when, who (empty: the portal itself), and the change as the stored JSON
 * (the tab's sentences are made in the browser from the node's settings catalogue; docs/exports.md).
 */
export function auditExportColumns(language: TExportLanguage): TExportColumn<TAuditExportRow>[] {
  const texts = exportTexts(language).audit;
  return [
    { header: texts.time, value: (row) => row.ts },
    { header: texts.user, value: (row) => row.user ?? texts.system },
    { header: texts.change, value: (row) => JSON.stringify(row.value) },
  ];
}
