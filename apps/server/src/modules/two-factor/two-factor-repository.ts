import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/database';
import { queryRows } from '../../db/database';
import { column, rowShape } from '../../db/rows';

/** The stores of two-factor sign-in (migration 0040; docs/users.md, "Two-factor sign-in"). */

const stateRow = rowShape({ secret: column.as<string>(), enabled: column.as<boolean>(), last_step: column.nullable(column.number) });

/** The user's secret, whether it took effect, and the last step used; null when never set up. */
export async function readTwoFactor(db: TDbOrTx, userId: number, lock = false) {
  const [row] = await stateRow.read(
    db,
    sql`SELECT secret, enabled_at IS NOT NULL AS enabled, last_step FROM user_two_factor WHERE user_id = ${userId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? { secret: row.secret, enabled: row.enabled, lastStep: row.last_step } : null;
}

/** A new secret, not yet in effect (a set-up started again replaces the one before). */
export async function writePendingSecret(db: TDbOrTx, userId: number, secret: string): Promise<void> {
  await db.execute(sql`INSERT INTO user_two_factor (user_id, secret) VALUES (${userId}, ${secret})
      ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, enabled_at = NULL, last_step = NULL, created_at = now()
      WHERE user_two_factor.enabled_at IS NULL`);
}

/** Uses a step, once: false when another sign-in used this step (or a later one) first. */
export async function useStep(db: TDbOrTx, userId: number, step: number, enable: boolean): Promise<boolean> {
  const rows = await queryRows(db, sql`UPDATE user_two_factor SET last_step = ${step}${enable ? sql`, enabled_at = now()` : sql``}
      WHERE user_id = ${userId} AND (last_step IS NULL OR last_step < ${step}) RETURNING user_id`);
  return rows.length > 0;
}

export async function deleteTwoFactor(db: TDbOrTx, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM user_two_factor WHERE user_id = ${userId}`);
}

/** Replaces the user's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: TDbOrTx, userId: number, hashes: readonly string[]): Promise<void> {
  await db.execute(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${userId}`);
  const values = sql.join(
    hashes.map((hash) => sql`(${userId}, ${hash})`),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO two_factor_recovery_codes (user_id, code_hash) VALUES ${values}`);
}

const codeRow = rowShape({ id: column.number, code_hash: column.as<string>() });

export function unusedRecoveryCodes(db: TDbOrTx, userId: number) {
  return codeRow.read(db, sql`SELECT id, code_hash FROM two_factor_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL ORDER BY id`);
}

/** Uses a recovery code, once: false when it was used meanwhile. */
export async function useRecoveryCode(db: TDbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`UPDATE two_factor_recovery_codes SET used_at = now() WHERE id = ${id} AND used_at IS NULL RETURNING id`);
  return rows.length > 0;
}

const challengeRow = rowShape({ user_id: column.number, purpose: column.as<'code' | 'setup'>() });

export async function insertChallenge(db: TDbOrTx, challenge: { tokenHash: string; userId: number; purpose: 'code' | 'setup'; minutes: number }): Promise<string> {
  // A user's older challenges end with a new sign-in; long-expired ones of everyone are forgotten.
  await db.execute(sql`DELETE FROM two_factor_challenges WHERE user_id = ${challenge.userId} OR expires_at < now() - interval '1 day'`);
  const [row] = await rowShape({ expires_at: column.iso }).read(
    db,
    sql`INSERT INTO two_factor_challenges (token_hash, user_id, purpose, expires_at)
        VALUES (${challenge.tokenHash}, ${challenge.userId}, ${challenge.purpose}, now() + ${challenge.minutes} * interval '1 minute') RETURNING expires_at`,
  );
  return row.expires_at;
}

/** The challenge with this hash while it works: not expired and with attempts left. */
export async function findChallenge(db: TDbOrTx, tokenHash: string, maxAttempts: number) {
  const [row] = await challengeRow.read(
    db,
    sql`SELECT user_id, purpose FROM two_factor_challenges WHERE token_hash = ${tokenHash} AND expires_at > now() AND attempts < ${maxAttempts}`,
  );
  return row ? { userId: row.user_id, purpose: row.purpose } : null;
}

export async function countChallengeAttempt(db: TDbOrTx, tokenHash: string): Promise<void> {
  await db.execute(sql`UPDATE two_factor_challenges SET attempts = attempts + 1 WHERE token_hash = ${tokenHash}`);
}

/** Ends a challenge; false when it had ended already (two second steps at once: one wins). */
export async function deleteChallenge(db: TDbOrTx, tokenHash: string): Promise<boolean> {
  const rows = await queryRows(db, sql`DELETE FROM two_factor_challenges WHERE token_hash = ${tokenHash} RETURNING user_id`);
  return rows.length > 0;
}

/** How many of the user's customers require two-factor sign-in. */
export async function customersRequiring(db: TDbOrTx, userId: number): Promise<number> {
  const [row] = await rowShape({ count: column.number }).read(
    db,
    sql`SELECT count(*)::int AS count FROM user_customers uc JOIN customers c ON c.id = uc.customer_id WHERE uc.user_id = ${userId} AND c.require_two_factor`,
  );
  return row.count;
}

export async function recoveryCodesLeft(db: TDbOrTx, userId: number): Promise<number> {
  const [row] = await rowShape({ count: column.number }).read(
    db,
    sql`SELECT count(*)::int AS count FROM two_factor_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`,
  );
  return row.count;
}

export async function readCustomerRequirement(db: TDbOrTx, name: string): Promise<boolean | null> {
  const [row] = await rowShape({ required: column.as<boolean>() }).read(db, sql`SELECT require_two_factor AS required FROM customers WHERE name = ${name}`);
  return row ? row.required : null;
}

export async function writeCustomerRequirement(db: TDbOrTx, name: string, required: boolean): Promise<boolean | null> {
  const [row] = await rowShape({ required: column.as<boolean>() }).read(
    db,
    sql`UPDATE customers SET require_two_factor = ${required}, updated_at = now() WHERE name = ${name} RETURNING require_two_factor AS required`,
  );
  return row ? row.required : null;
}
