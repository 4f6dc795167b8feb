import { createHash, randomBytes } from 'node:crypto';
import {
  normalizeRightFlags,
  passwordSignInRefused,
  SSO_CALLBACK_PATH,
  SSO_ERROR,
  SSO_HANDOFF_SECONDS,
  SSO_STATE_SECONDS,
  SSO_VALIDATION,
  ssoEmail,
  ZUserCreate,
  type TSsoError,
  type TSsoProvider,
  type TSsoProviderInput,
  type TSsoProviderList,
  type TSsoPublicProvider,
} from '@aquasmart/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { findUser, type TAuthUser } from '../../identity/auth-user';
import { deleteExpiredTokens, issueToken } from '../../identity/tokens';
import { createUser, customerIds } from '../users/user-service';
import { authorizationUrl, discover, errorSummary, exchangeCode, OidcUnreachable } from './oidc-client';
import {
  deleteExpiredSsoRows,
  deleteProvider,
  enabledProviders,
  findProvider,
  insertHandoff,
  insertProvider,
  insertState,
  listProviders,
  passwordPolicyProviders,
  takeHandoff,
  takeState,
  toSsoProvider,
  updateProvider,
} from './sso-repository';

/**
 * Single sign-on (docs/sso.md). Providers are configured by administrators; a sign-in runs
 * start -> provider -> callback -> one-time code in /login's fragment -> POST /auth/sso -> the same
 * session token a password sign-in gives. The redirect address is built from PUBLIC_URL only, never
 * from the request's Host header; without PUBLIC_URL single sign-on is off.
 */

export interface TSsoOptions {
  db: TDb;
  /** PUBLIC_URL without its trailing slash; none: single sign-on is off (SSO_ERROR.notConfigured). */
  publicUrl?: string;
  tokenTtlSeconds: number;
  /** The clock of states, codes and the ID token's expiry (tests move it). */
  now?: () => Date;
  log?: FastifyBaseLogger;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PROVIDER_NOT_FOUND = 'errors.ssoProviderNotFound';

export function redirectUri(publicUrl: string | undefined): string | null {
  return publicUrl ? `${publicUrl}${SSO_CALLBACK_PATH}` : null;
}

// ---- password sign-in of the providers' domains -------------------------------------------------

/**
 * Whether an address may not sign in with a password nor get a reset link (docs/sso.md, "Only
 * through the provider"). `userId`: the account whose password was just checked and found right, or
 * null; only a right password of an administrator keeps the way in, so a wrong one is refused alike.
 */
export async function passwordRefusedFor(db: TDb, email: string, userId: number | null): Promise<boolean> {
  const providers = await passwordPolicyProviders(db);
  if (providers.length === 0) return false;
  const user = userId === null ? null : await findUser(db, { id: userId });
  return passwordSignInRefused(email, user?.portal.rights.administrator === true, providers);
}

// ---- administration ---------------------------------------------------------------------------

export async function ssoProviderList(db: TDb, publicUrl: string | undefined): Promise<TSsoProviderList> {
  return { redirectUri: redirectUri(publicUrl), providers: (await listProviders(db)).map(toSsoProvider) };
}

function providerColumns(body: TSsoProviderInput) {
  const flags = normalizeRightFlags(body.portal.rights, body.customers);
  return {
    name: body.name,
    issuer: body.issuer,
    clientId: body.clientId,
    domains: [...new Set(body.domains)],
    enabled: body.enabled,
    createUsers: body.createUsers,
    passwordSignIn: body.passwordSignIn,
    portalRights: flags,
  };
}

/** A new provider; its secret is required (400 on `clientSecret`). Customers by name (400 on an unknown one). */
export async function createSsoProvider(db: TDb, body: TSsoProviderInput): Promise<TSsoProvider> {
  const secret = body.clientSecret?.trim() ?? '';
  if (!secret) throw ApiError.badRequest('A client secret is required', { clientSecret: SSO_VALIDATION.secretRequired });
  const id = await db.transaction(async (tx) => insertProvider(tx, { ...providerColumns(body), clientSecret: secret }, await customerIds(tx, body.customers)));
  return requireProvider(db, id);
}

/** Changes a provider; an absent or empty secret keeps the stored one. */
export async function updateSsoProvider(db: TDb, id: number, body: TSsoProviderInput): Promise<TSsoProvider> {
  await requireProvider(db, id);
  const secret = body.clientSecret?.trim() ?? '';
  await db.transaction(async (tx) => updateProvider(tx, id, { ...providerColumns(body), ...(secret ? { clientSecret: secret } : {}) }, await customerIds(tx, body.customers)));
  return requireProvider(db, id);
}

export async function deleteSsoProvider(db: TDb, id: number): Promise<void> {
  if (!(await deleteProvider(db, id))) throw new ApiError(404, PROVIDER_NOT_FOUND, `No single sign-on provider ${id}`);
}

async function requireProvider(db: TDb, id: number): Promise<TSsoProvider> {
  const found = await findProvider(db, id);
  if (!found) throw new ApiError(404, PROVIDER_NOT_FOUND, `No single sign-on provider ${id}`);
  return toSsoProvider(found);
}

// ---- sign-in ------------------------------------------------------------------------------------

/** The providers /login offers: none without PUBLIC_URL. */
export async function publicProviders(options: TSsoOptions): Promise<TSsoPublicProvider[]> {
  return options.publicUrl ? enabledProviders(options.db) : [];
}

/** Where a step sends the browser: the provider, or /login with a one-time code or a refusal in the fragment. */
export type TSsoStep = { location: string; binding?: string };

const toLogin = (options: TSsoOptions, fragment: Record<string, string>): string => `${options.publicUrl ?? ''}/login#${new URLSearchParams(fragment).toString()}`;
const refusal = (options: TSsoOptions, key: TSsoError): TSsoStep => ({ location: toLogin(options, { ssoError: key }) });

/**
 * Starts a sign-in with provider `id`: a state (stored as its SHA-256, with the nonce and the PKCE
 * verifier, for SSO_STATE_SECONDS) and the provider's authorization URL. `binding` is the state
 * itself, which the route puts in an HttpOnly cookie: the callback must come back to this browser.
 */
export async function startSignIn(options: TSsoOptions, id: number): Promise<TSsoStep> {
  const now = options.now?.() ?? new Date();
  const uri = redirectUri(options.publicUrl);
  if (!uri) return refusal(options, SSO_ERROR.notConfigured);
  const provider = await findProvider(options.db, id);
  if (!provider || !provider.row.enabled) return refusal(options, SSO_ERROR.unknownProvider);
  let started;
  try {
    started = await authorizationUrl(await discover(provider.row, now), uri);
  } catch (error) {
    options.log?.warn({ provider: id, reason: errorSummary(error) }, 'single sign-on: provider unreachable');
    return refusal(options, SSO_ERROR.unreachable);
  }
  await deleteExpiredSsoRows(options.db, now);
  await insertState(options.db, {
    stateHash: sha256(started.state),
    providerId: id,
    nonce: started.nonce,
    codeVerifier: started.codeVerifier,
    expiresAt: new Date(now.getTime() + SSO_STATE_SECONDS * 1000),
  });
  return { location: started.url.href, binding: started.state };
}

/**
 * The provider's answer at the redirect address. The state is taken (single use) and must match the
 * browser's cookie; the library exchanges the code and checks the ID token; the e-mail address is
 * matched (ssoEmail); a user is created when the provider creates users. Success: a one-time code
 * for /login, bound to the same cookie. Every refusal is a key in /login's fragment, and a log line
 * without tokens or secrets.
 */
export async function finishSignIn(options: TSsoOptions, query: Record<string, string | undefined>, rawQuery: string, cookieState: string | undefined): Promise<TSsoStep> {
  const now = options.now?.() ?? new Date();
  const uri = redirectUri(options.publicUrl);
  if (!uri) return refusal(options, SSO_ERROR.notConfigured);
  const state = query.state ?? '';
  const stored = state ? await takeState(options.db, sha256(state), now) : null;
  if (!stored || !cookieState || cookieState !== state) return refusal(options, SSO_ERROR.expired);
  if (query.error) {
    options.log?.info({ provider: stored.providerId, reason: String(query.error).slice(0, 100) }, 'single sign-on: the provider answered with an error');
    return refusal(options, SSO_ERROR.cancelled);
  }
  const provider = await findProvider(options.db, stored.providerId);
  if (!provider || !provider.row.enabled) return refusal(options, SSO_ERROR.unknownProvider);
  let claims: Record<string, unknown>;
  try {
    const config = await discover(provider.row, now);
    claims = await exchangeCode(config, new URL(`${uri}?${rawQuery}`), { state, nonce: stored.nonce, codeVerifier: stored.codeVerifier });
  } catch (error) {
    const unreachable = error instanceof OidcUnreachable;
    options.log?.warn({ provider: provider.row.id, reason: errorSummary(error) }, unreachable ? 'single sign-on: provider unreachable' : 'single sign-on: code or ID token refused');
    return refusal(options, unreachable ? SSO_ERROR.unreachable : SSO_ERROR.refused);
  }
  const matched = ssoEmail(claims, provider.row.domains);
  if ('refused' in matched) {
    options.log?.info({ provider: provider.row.id, refused: matched.refused }, 'single sign-on: refused');
    return refusal(options, matched.refused);
  }
  let user = await findUser(options.db, { email: matched.email });
  if (!user) {
    if (!provider.row.createUsers) return refusal(options, SSO_ERROR.noUser);
    const created = await createSsoUser(options.db, provider, matched.email, claims);
    user = await findUser(options.db, { id: created.id });
    if (!user) return refusal(options, SSO_ERROR.noUser);
    options.log?.info({ provider: provider.row.id, user: created.id }, 'single sign-on: user created');
  }
  const code = randomBytes(32).toString('base64url');
  await insertHandoff(options.db, { codeHash: sha256(code), bindingHash: sha256(state), userId: user.id, expiresAt: new Date(now.getTime() + SSO_HANDOFF_SECONDS * 1000) });
  return { location: toLogin(options, { sso: code }) };
}

/** The administrator on whose behalf a provider creates users: the provider was configured by one. */
const PROVIDER_ACTOR: TAuthUser = {
  id: 0,
  email: 'single-sign-on',
  firstName: '',
  lastName: '',
  type: 'Administrator',
  language: 'nl',
  phone: null,
  phoneVerified: false,
  portal: { rights: {} },
  rights: [],
  customers: [],
  flushEmailAlerts: false,
  overflowEmailAlerts: false,
  logbookEmails: false,
  alarmNotifications: {} as TAuthUser['alarmNotifications'],
};

/**
 * A user made on first sign-in, through the users' own create (the same rules and columns) with the
 * provider's rights and customers; names from the ID token (the address's local part when it has
 * none). Its password is 32 random bytes nobody knows: it signs in through the provider.
 */
async function createSsoUser(db: TDb, provider: NonNullable<Awaited<ReturnType<typeof findProvider>>>, email: string, claims: Record<string, unknown>): Promise<TAuthUser> {
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/g, ' ').slice(0, 100) : fallback);
  const body = ZUserCreate.parse({
    email,
    firstName: text(claims.given_name, email.slice(0, email.lastIndexOf('@')).slice(0, 100) || '-'),
    lastName: text(claims.family_name, '-'),
    language: 'nl',
    password: randomBytes(32).toString('base64url'),
    customers: provider.customers.map((customer) => customer.name),
    portal: { rights: provider.row.portalRights },
  });
  return createUser(db, PROVIDER_ACTOR, body);
}

/**
 * POST /auth/sso: the one-time code (single use, SSO_HANDOFF_SECONDS) from the browser that started
 * the sign-in (its cookie) for a session token. The portal's two-factor step is not asked: the
 * provider owns the second factor (docs/sso.md, "Two-factor").
 */
export async function exchangeHandoff(options: TSsoOptions, code: string, cookieState: string | undefined): Promise<{ token: string }> {
  const now = options.now?.() ?? new Date();
  const handoff = await takeHandoff(options.db, sha256(code), now);
  if (!handoff || !cookieState || handoff.bindingHash !== sha256(cookieState)) throw ApiError.unauthorized('Unknown, used or expired single sign-on code', SSO_ERROR.expired);
  await deleteExpiredTokens(options.db);
  return { token: await issueToken(options.db, handoff.userId, options.tokenTtlSeconds) };
}
