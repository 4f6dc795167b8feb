import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';

/** Writes a link (its hash), ending the user's earlier unused ones: only the newest e-mail's link works. */
export async function insertResetLink(tx: TDbOrTx, link: { userId: number; tokenHash: string; requestedFrom: string; minutes: number }): Promise<void> {
  await tx.execute(sql`UPDATE password_resets SET expires_at = least(expires_at, now()) WHERE user_id = ${link.userId} AND used_at IS NULL`);
  await tx.execute(sql`INSERT INTO password_resets (user_id, token_hash, requested_from, expires_at)
      VALUES (${link.userId}, ${link.tokenHash}, ${link.requestedFrom}, now() + ${link.minutes} * interval '1 minute')`);
}

const validLink = rowShape({ id: column.number, user_id: column.number, email: column.as<string>(), expires_at: column.iso });

/**
 * The unused, unexpired link with this hash and its user; `lock` holds the row until the
 * transaction ends, so two confirmations of one link cannot both pass.
 */
export async function findValidResetLink(tx: TDbOrTx, tokenHash: string, lock: boolean) {
  const [row] = await validLink.read(
    tx,
    sql`SELECT r.id, r.user_id, u.email, r.expires_at FROM password_resets r JOIN users u ON u.id = r.user_id
        WHERE r.token_hash = ${tokenHash} AND r.used_at IS NULL AND r.expires_at > now()
        ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  return row ?? null;
}

/** Uses the link, and ends every other unused link of the user. */
export async function useResetLink(tx: TDbOrTx, link: { id: number; userId: number }): Promise<void> {
  await tx.execute(sql`UPDATE password_resets SET used_at = now() WHERE id = ${link.id}`);
  await tx.execute(sql`UPDATE password_resets SET expires_at = least(expires_at, now()) WHERE user_id = ${link.userId} AND used_at IS NULL`);
}

/** Links past their end a day ago are forgotten (with the expired-token clean-up). */
export async function deleteOldResetLinks(tx: TDbOrTx): Promise<void> {
  await tx.execute(sql`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
}
