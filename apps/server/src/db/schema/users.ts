import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TPortalRights, TRightEntry } from '@aquasmart/domain';
import { tsz, created, updated } from './columns';
import { customers } from './places';

/** Users, their customer scope, access tokens and the sign-in limit (docs/users.md, docs/architecture.md "Authentication"). */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** 'Administrator' or null; never writable through the API. */
    type: text('type'),
    language: text('language').notNull().default('nl'),
    portalRights: jsonb('portal_rights').$type<Partial<TPortalRights>>().notNull().default({}),
    rights: jsonb('rights').$type<TRightEntry[]>().notNull().default([]),
    flushEmailAlerts: boolean('flush_email_alerts').notNull().default(false),
    overflowEmailAlerts: boolean('overflow_email_alerts').notNull().default(false),
    logbookEmails: boolean('logbook_emails').notNull().default(false),
    /**
     * Alarm notification preferences, customers by id (docs/alarm-notifications.md); read with
     * readStoredAlarmNotifications. flush/overflow_email_alerts mirror two of its kinds.
     */
    alarmNotifications: jsonb('alarm_notifications').$type<Record<string, unknown>>().notNull().default({}),
    /** The phone number SMS go to (E.164), and when a code sent to it was confirmed (migration 0046); SMS only once verified. */
    phone: text('phone'),
    phoneVerifiedAt: tsz('phone_verified_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/** A user's customer scope: empty means all customers. */
export const userCustomers = pgTable(
  'user_customers',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull().references(() => customers.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.customerId] }), index('user_customers_customer_idx').on(table.customerId)],
);

/** Opaque access tokens: only their SHA-256 hash is kept. */
export const tokens = pgTable(
  'tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tsz('expires_at').notNull(),
    /** Start of the session a renewed token continues: bounds its lifetime (MAX_SESSION_SECONDS). */
    sessionStartedAt: tsz('session_started_at').notNull().defaultNow(),
    /** The sign-in a token continues: a renewal keeps it, signing out ends every token of it (migration 0022). */
    sessionId: text('session_id').notNull().default(sql`gen_random_uuid()::text`),
    /** Set when the token was renewed: it then works for the grace period only and is not renewed again. */
    renewedAt: tsz('renewed_at'),
    createdAt: created(),
  },
  (table) => [index('tokens_user_idx').on(table.userId), index('tokens_expires_idx').on(table.expiresAt), index('tokens_session_idx').on(table.sessionId)],
);

/** Sign-in attempts per subject in a fixed window, counted before the password check (auth/login-limiter.ts). */
export const loginAttempts = pgTable('login_attempts', {
  subject: text('subject').primaryKey(),
  windowStart: tsz('window_start').notNull().defaultNow(),
  windowSeconds: integer('window_seconds').notNull(),
  attempts: integer('attempts').notNull(),
});

/** Forgotten-password links (migration 0039, docs/users.md "Forgotten password"): only a token's SHA-256. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    requestedFrom: text('requested_from').notNull(),
    createdAt: created(),
    expiresAt: tsz('expires_at').notNull(),
    usedAt: tsz('used_at'),
  },
  (table) => [index('password_resets_user_idx').on(table.userId).where(sql`${table.usedAt} IS NULL`)],
);

/**
 * API keys, the service accounts of integrations (migration 0041, docs/api-keys.md): only a key's
 * SHA-256 and its first characters; its own rights and customers; revoked keys stay for the record.
 */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  hint: text('hint').notNull(),
  portalRights: jsonb('portal_rights').$type<Partial<TPortalRights>>().notNull().default({}),
  /** Given customers at creation: when they are all deleted the key is refused, never widened to every customer. */
  scoped: boolean('scoped').notNull().default(false),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByEmail: text('created_by_email').notNull(),
  createdAt: created(),
  expiresAt: tsz('expires_at').notNull(),
  revokedAt: tsz('revoked_at'),
  revokedByEmail: text('revoked_by_email'),
  /** Written at most once a minute per key (API_KEY_LAST_USED_EVERY_SECONDS). */
  lastUsedAt: tsz('last_used_at'),
  lastUsedFrom: text('last_used_from'),
});

/** A key's customers; none (and not `scoped`) means every customer. */
export const apiKeyCustomers = pgTable(
  'api_key_customers',
  {
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.apiKeyId, table.customerId] }), index('api_key_customers_customer_idx').on(table.customerId)],
);

/**
 * Single sign-on providers (migration 0044, docs/sso.md): the client secret is kept for the token
 * request and never answered; `domains` are the e-mail domains the provider serves.
 */
export const ssoProviders = pgTable('sso_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  domains: jsonb('domains').$type<string[]>().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
  createUsers: boolean('create_users').notNull().default(false),
  /** false: the provider's domains sign in only through it (migration 0048, docs/sso.md). */
  passwordSignIn: boolean('password_sign_in').notNull().default(true),
  portalRights: jsonb('portal_rights').$type<Partial<TPortalRights>>().notNull().default({}),
  createdAt: created(),
  updatedAt: updated(),
});

/** The customers of the users a provider creates; none means every customer. */
export const ssoProviderCustomers = pgTable(
  'sso_provider_customers',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.providerId, table.customerId] }), index('sso_provider_customers_customer_idx').on(table.customerId)],
);

/** A started sign-in: the SHA-256 of its state, deleted when the callback takes it (single use). */
export const ssoStates = pgTable(
  'sso_states',
  {
    stateHash: text('state_hash').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: tsz('expires_at').notNull(),
  },
  (table) => [index('sso_states_expires_idx').on(table.expiresAt)],
);

/** The one-time code of a finished sign-in, exchanged by the browser that started it for a session. */
export const ssoHandoffs = pgTable(
  'sso_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    bindingHash: text('binding_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tsz('expires_at').notNull(),
  },
  (table) => [index('sso_handoffs_expires_idx').on(table.expiresAt)],
);

/** A phone number's verification code, one per user: only its hash, its expiry and the tries used (docs/alarm-notifications.md, "Phone number"). */
export const phoneCodes = pgTable('phone_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: tsz('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: tsz('sent_at').notNull().defaultNow(),
});
