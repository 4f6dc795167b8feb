import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  channelChoiceProblems,
  heldBeyond,
  ungrantableRightFlags,
  deriveRightEntries,
  ERROR,
  MESSAGE,
  messageKey,
  normalizeRightFlags,
  RIGHT_FLAGS,
  TOGGLE_KINDS,
  togglesOf,
  withToggle,
  defaultAlarmNotifications,
  type TAccountPatch,
  type TStoredAlarmNotifications,
  type TPortalRights,
  type TUserCreate,
  type TUserPatch,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { customers, userCustomers, users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { effectiveFlags, isAdministrator } from '../../identity/rights';
import { checkPasswordLimited } from '../auth/auth-service';
import { hashPassword } from '../../identity/passwords';
import { revokeUserTokens } from '../../identity/tokens';
import { findUser, type TAuthUser } from '../../identity/auth-user';
import { scopedCustomerIds } from '../../identity/customer-scope';
import { countAdministrators } from './user-repository';
import { ADVISORY_LOCKS } from '../../db/locks';

type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** The user named in a path, or 404. */
export async function requireUser(db: TDb, email: string): Promise<TAuthUser> {
  const found = await findUser(db, { email });
  if (!found) throw ApiError.notFound(`No user ${email}`);
  const { passwordHash: _secret, ...user } = found;
  return user;
}

async function assertEmailFree(db: TDb | TTx, email: string, exceptUserId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, exceptUserId ?? -1)))
    .limit(1);
  if (clash) throw new ApiError(409, ERROR.emailTaken, `A user with e-mail ${email} already exists`, { email: ERROR.emailTaken });
}

/**
 * Customer names to ids; an unknown name is a 400 naming it. `within`: customer scopes (null: all
 * customers) a name must lie in; a customer outside one is answered exactly like an unknown name,
 * so the answer never tells another tenant's customer names apart from names nobody uses.
 */
export async function customerIds(db: TDb | TTx, names: readonly string[], field = 'customers', within: readonly (number[] | null)[] = []): Promise<number[]> {
  if (names.length === 0) return [];
  const unique = [...new Set(names)];
  const found = await db.select({ id: customers.id, name: customers.name }).from(customers).where(inArray(customers.name, unique));
  const rows = found.filter((row) => within.every((scope) => scope === null || scope.includes(row.id)));
  const unknown = unique.filter((name) => !rows.some((row) => row.name === name));
  if (unknown.length) {
    throw ApiError.badRequest(`Unknown customer: ${unknown.join(', ')}`, { [field]: messageKey(MESSAGE.unknownCustomer, { name: unknown[0] }) });
  }
  return rows.map((row) => row.id);
}

/**
 * Only an administrator creates, changes or deletes an administrator (type Administrator or the
 * flag): otherwise a user manager could set an administrator's password and sign in as them.
 */
function assertMayManage(actor: TAuthUser, targetIsAdministrator: boolean): void {
  if (targetIsAdministrator && !isAdministrator(actor)) {
    throw new ApiError(403, ERROR.administratorsOnly, 'Only an administrator may create, change or delete an administrator', {
      'portal.rights.administrator': ERROR.administratorsOnly,
    });
  }
}

/**
 * A user manager changes or deletes only users who hold no right and no customer the manager
 * lacks: otherwise setting the password of a stronger user and signing in as them would bypass
 * "nobody grants a right they do not hold". Administrators hold everything.
 */
export function assertHoldsNoMore(actor: TAuthUser, target: TAuthUser): void {
  const holder = (user: TAuthUser) => ({
    administrator: isAdministrator(user),
    flags: effectiveFlags(user),
    customers: user.customers.map((customer) => customer.name),
  });
  const beyond = heldBeyond(holder(actor), holder(target));
  if (beyond.flags.length === 0 && !beyond.customers) return;
  throw new ApiError(
    403,
    ERROR.userHoldsMore,
    `The user holds rights or customers the caller does not: ${[...beyond.flags, ...(beyond.customers ? ['customers'] : [])].join(', ')}`,
    Object.fromEntries([
      ...beyond.flags.map((flag) => [`portal.rights.${flag}`, ERROR.userHoldsMore]),
      ...(beyond.customers ? [['customers', ERROR.userHoldsMore]] : []),
    ]),
  );
}

/** Nobody grants a right they do not hold themselves; taking one away is allowed. Also the rule of API keys (modules/api-keys). */
export function assertMayGrant(actor: TAuthUser, before: Partial<TPortalRights>, after: TPortalRights): void {
  const ungrantable = ungrantableRightFlags({ administrator: isAdministrator(actor), flags: effectiveFlags(actor) }, before);
  const refused = RIGHT_FLAGS.filter((flag) => after[flag] === true && ungrantable.has(flag));
  if (refused.length) {
    throw new ApiError(
      403,
      ERROR.rightNotHeld,
      `Cannot grant rights the caller does not hold: ${refused.join(', ')}`,
      Object.fromEntries(refused.map((flag) => [`portal.rights.${flag}`, ERROR.rightNotHeld])),
    );
  }
}

async function replaceCustomers(tx: TTx, userId: number, ids: number[]): Promise<void> {
  await tx.delete(userCustomers).where(eq(userCustomers.userId, userId));
  if (ids.length) await tx.insert(userCustomers).values(ids.map((customerId) => ({ userId, customerId })));
}

/** The columns of the account fields that a request sends; absent or empty ones stay as they are. */
function accountColumns(body: TAccountPatch, passwordHash: string | undefined) {
  return {
    ...(body.email ? { email: body.email } : {}),
    ...(body.firstName ? { firstName: body.firstName } : {}),
    ...(body.lastName ? { lastName: body.lastName } : {}),
    ...(body.language ? { language: body.language } : {}),
    ...(passwordHash ? { passwordHash } : {}),
  };
}

/**
 * The alarm notification preferences and the two old toggles that mirror them
 * (docs/alarm-notifications.md, "The old toggles"): sent preferences decide both toggles; a
 * toggle sent alone sets its kind to "immediately" (on) or switches "immediately" off. The
 * monthly logbook toggle (docs/logbook.md) as sent.
 */
async function alertColumns(
  tx: TDb | TTx,
  body: Pick<TUserPatch, 'flush' | 'overflowDetection' | 'logbookEmails' | 'alarmNotifications'>,
  current: TStoredAlarmNotifications,
  scopes: readonly (number[] | null)[],
  phoneVerified = false,
) {
  let preferences = body.alarmNotifications ?? current;
  if (!body.alarmNotifications) {
    if (body.flush) preferences = withToggle(preferences, TOGGLE_KINDS.flush, body.flush.emailAlerts);
    if (body.overflowDetection) preferences = withToggle(preferences, TOGGLE_KINDS.overflowDetection, body.overflowDetection.emailAlerts);
  }
  if (body.alarmNotifications && body.alarmNotifications.customers !== 'all') {
    await customerIds(tx, body.alarmNotifications.customers, 'alarmNotifications.customers', scopes);
  }
  if (body.alarmNotifications) {
    // A kind may choose Teams or Slack only with its URL, SMS only with a verified phone number (docs/alarm-notifications.md, "Channels").
    const problems = channelChoiceProblems(preferences.channels, { teamsUrl: preferences.teamsUrl, slackUrl: preferences.slackUrl, phoneVerified });
    const [field, key] = Object.entries(problems)[0] ?? [];
    if (field) throw ApiError.badRequest(`${field}: ${key}`, { [field]: key }, key);
  }
  const changed = body.alarmNotifications !== undefined || body.flush !== undefined || body.overflowDetection !== undefined;
  return {
    ...(changed ? { alarmNotifications: preferences, ...togglesOf(preferences) } : {}),
    ...(body.logbookEmails === undefined ? {} : { logbookEmails: body.logbookEmails }),
  };
}

/** A user's customers as a scope: none means every customer (identity/customer-scope.ts). */
const scopeOf = (ids: number[]): number[] | null => (ids.length ? ids : null);

function rightsColumns(flags: TPortalRights, type: string | null) {
  return { portalRights: flags, rights: deriveRightEntries(flags, type === 'Administrator') };
}

export async function createUser(db: TDb, actor: TAuthUser, body: TUserCreate): Promise<TAuthUser> {
  const flags = normalizeRightFlags(body.portal.rights, body.customers);
  assertMayManage(actor, flags.administrator);
  assertMayGrant(actor, {}, flags);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await assertEmailFree(tx, body.email);
    const ids = await customerIds(tx, body.customers);
    const [row] = await tx
      .insert(users)
      .values({
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        language: body.language,
        passwordHash,
        type: null,
        logbookEmails: false,
        ...(await alertColumns(tx, body, defaultAlarmNotifications(), [scopeOf(ids), scopedCustomerIds(actor)])),
        ...rightsColumns(flags, null),
      })
      .returning({ id: users.id });
    await replaceCustomers(tx, row.id, ids);
  });
  return requireUser(db, body.email);
}

export async function updateUser(
  db: TDb,
  actor: TAuthUser,
  email: string,
  body: TUserPatch,
  session: { token: string | null; clientAddress: string },
): Promise<TAuthUser> {
  const actorToken = session.token;
  const target = await requireUser(db, email);
  const customerNames = body.customers ?? target.customers.map((customer) => customer.name);
  const flags = normalizeRightFlags(body.portal?.rights ?? target.portal.rights, customerNames);
  const wasAdministrator = isAdministrator(target);
  const willBeAdministrator = target.type === 'Administrator' || flags.administrator;
  assertMayManage(actor, wasAdministrator || willBeAdministrator);
  assertHoldsNoMore(actor, target);
  assertMayGrant(actor, target.portal.rights, flags);
  // One's own password (or e-mail address) never changes without the current password, by any route.
  if (target.id === actor.id) await assertCurrentPassword(db, actor, body, session.clientAddress);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;

  await db.transaction(async (tx) => {
    // Serialise administrator changes so two demotions at once cannot both pass the check.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.administratorChanges})`);
    if (wasAdministrator && !willBeAdministrator && (await countAdministrators(tx, target.id)) === 0) {
      throw new ApiError(409, ERROR.minAdmin, 'There must be at least one administrator');
    }
    if (body.email && body.email.toLowerCase() !== target.email.toLowerCase()) await assertEmailFree(tx, body.email, target.id);
    const ids = body.customers ? await customerIds(tx, body.customers) : undefined;
    await tx
      .update(users)
      .set({
        ...accountColumns(body, passwordHash),
        ...(await alertColumns(tx, body, target.alarmNotifications, [scopeOf(ids ?? target.customers.map((customer) => customer.id)), scopedCustomerIds(actor)], target.phoneVerified)),
        ...rightsColumns(flags, target.type),
        updatedAt: new Date(),
      })
      .where(eq(users.id, target.id));
    if (ids) await replaceCustomers(tx, target.id, ids);
  });

  if (passwordHash || (wasAdministrator && !willBeAdministrator)) {
    await revokeUserTokens(db, target.id, target.id === actor.id ? (actorToken ?? undefined) : undefined);
  }
  return requireUser(db, body.email ?? target.email);
}

export async function deleteUser(db: TDb, actor: TAuthUser, email: string): Promise<void> {
  const target = await requireUser(db, email);
  if (target.id === actor.id) throw new ApiError(409, ERROR.cannotDeleteSelf, 'Nobody deletes their own account');
  assertMayManage(actor, isAdministrator(target));
  assertHoldsNoMore(actor, target);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.administratorChanges})`);
    if (isAdministrator(target) && (await countAdministrators(tx, target.id)) === 0) {
      throw new ApiError(409, ERROR.minAdmin, 'There must be at least one administrator');
    }
    // Tokens and customer links go with the user (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, target.id));
  });
}

/**
 * A new password or e-mail address needs the current password: a session left open on a shared
 * computer must not be enough to take the account over. The check counts against the sign-in
 * limit, so it is no way to guess the password either.
 */
async function assertCurrentPassword(db: TDb, actor: TAuthUser, body: TAccountPatch | TUserPatch, clientAddress: string): Promise<void> {
  const changesEmail = body.email !== undefined && body.email.toLowerCase() !== actor.email.toLowerCase();
  if (!body.password && !changesEmail) return;
  if (!body.currentPassword) {
    throw ApiError.badRequest('The current password is required to change the password or e-mail address', { currentPassword: MESSAGE.required }, ERROR.currentPasswordRequired);
  }
  const userId = await checkPasswordLimited(db, { email: actor.email, password: body.currentPassword }, clientAddress);
  if (userId !== actor.id) {
    // A 400 on the field, not a 403: the form shows it beside the field (a 403 sends the web app to /unauthorized).
    throw ApiError.badRequest('The current password is not correct', { currentPassword: ERROR.incorrectPassword }, ERROR.incorrectPassword);
  }
}

/** The caller's own account: names, e-mail, language, password and the e-mail alert toggles; never rights. */
export async function updateAccount(
  db: TDb,
  actor: TAuthUser,
  body: TAccountPatch,
  session: { token: string | null; clientAddress: string },
): Promise<TAuthUser> {
  await assertCurrentPassword(db, actor, body, session.clientAddress);
  const actorToken = session.token;
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  await db.transaction(async (tx) => {
    if (body.email && body.email.toLowerCase() !== actor.email.toLowerCase()) await assertEmailFree(tx, body.email, actor.id);
    await tx
      .update(users)
      .set({
        ...accountColumns(body, passwordHash),
        ...(await alertColumns(tx, body, actor.alarmNotifications, [scopedCustomerIds(actor)], actor.phoneVerified)),
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.id));
  });
  if (passwordHash) await revokeUserTokens(db, actor.id, actorToken ?? undefined);
  return requireUser(db, body.email ?? actor.email);
}
