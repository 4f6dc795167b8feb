import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { restrictUser } from '../../test/places-fixtures';
import type { TTestContext } from '../../test/test-app';

export type TSamplingTokens = Record<'admin' | 'klant' | 'reader' | 'other', string>;

/**
 * The users of the sampling tests (and the outlets' with `right` recordChecks): an administrator;
 * `klant` (the right) and `reader` (without it) restricted to `customerId`; `other` (the right)
 * restricted to `otherId`.
 */
export async function signInSamplingUsers(ctx: TTestContext, customerId: number, otherId: number, right: 'enterSampleResults' | 'recordChecks' = 'enterSampleResults'): Promise<TSamplingTokens> {
  const db = ctx.database.db;
  const tokens = await ctx.signedInUsers({
    admin: { administrator: true },
    klant: { rights: { dashboard: true, [right]: true } },
    reader: { rights: { dashboard: true } },
    other: { rights: { dashboard: true, [right]: true } },
  });
  const userId = async (name: string) => (await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE email = ${`${name}@example.com`}`))[0].id;
  await restrictUser(db, await userId('klant'), [customerId]);
  await restrictUser(db, await userId('reader'), [customerId]);
  await restrictUser(db, await userId('other'), [otherId]);
  return tokens;
}
