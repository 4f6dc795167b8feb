import { desc, eq } from 'drizzle-orm';
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
