import { z } from 'zod';
import { ZPortalRights } from './rights/schemas';
import { ZRightFlagsInput } from './users';
import { zRequiredText } from './validation/validators';

/**
 * Single sign-on with OpenID Connect (docs/sso.md; issue 42 item 1). An administrator configures
 * providers; a person signs in with one through the authorization code flow with PKCE, and is
 * matched to a portal user by a verified e-mail address in a domain the provider serves.
 */

/** Message keys of the sign-in refusals, shown on /login (`#ssoError=<key>`) and of the form's fields. */
export const SSO_ERROR = {
  /** The state is unknown, expired, already used or from another browser. */
  expired: 'errors.ssoExpired',
  /** The person stopped at the provider, or the provider answered with an error. */
  cancelled: 'errors.ssoCancelled',
  /** Discovery or the token endpoint could not be reached. */
  unreachable: 'errors.ssoUnreachable',
  /** The code or the ID token was refused (audience, issuer, nonce, expiry, signature, replayed code). */
  refused: 'errors.ssoRefused',
  /** The ID token holds no e-mail address, or one the provider does not call verified. */
  unverified: 'errors.ssoUnverified',
  /** The e-mail address's domain is not one the provider serves. */
  domain: 'errors.ssoDomain',
  /** No portal user with that address and the provider creates none. */
  noUser: 'errors.ssoNoUser',
  /** The portal has no PUBLIC_URL, so there is no safe redirect address. */
  notConfigured: 'errors.ssoNotConfigured',
  /** The provider is unknown or switched off. */
  unknownProvider: 'errors.ssoUnknownProvider',
  /** A password sign-in (or a reset link) for an address whose organisation signs in only through its provider. */
  required: 'errors.ssoRequired',
} as const;
export type TSsoError = (typeof SSO_ERROR)[keyof typeof SSO_ERROR];

/** Field message keys of the provider form. */
export const SSO_VALIDATION = {
  issuer: 'validation.ssoIssuer',
  domain: 'validation.ssoDomain',
  secretRequired: 'validation.ssoSecretRequired',
} as const;

/** The scopes asked of every provider: the ID token then carries email, email_verified and the names. */
export const SSO_SCOPES = 'openid email profile';
/** How long a started sign-in may take at the provider (the stored state's life). */
export const SSO_STATE_SECONDS = 600;
/** How long the browser has to exchange the one-time code for a session after the callback. */
export const SSO_HANDOFF_SECONDS = 60;
/** The path of the one redirect address every provider registers (under PUBLIC_URL). */
export const SSO_CALLBACK_PATH = '/api/v1/auth/sso/callback';

/**
 * An issuer: https, or http on a loopback host only (a provider on the same machine, the tests).
 * No query or fragment: discovery appends `/.well-known/openid-configuration`.
 */
export function isAcceptableIssuer(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.search || url.hash || text.includes('?') || text.includes('#') || url.username || url.password) return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** A domain name as an e-mail address ends: letters, digits, dashes, dots; at least one dot. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export function isDomainName(text: string): boolean {
  return DOMAIN_PATTERN.test(text);
}

/** The part after the last `@`, in lower case; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
}

const ZDomain = z
  .string()
  .trim()
  .transform((text) => text.toLowerCase().replace(/^@/, ''))
  .refine(isDomainName, { error: SSO_VALIDATION.domain });

/** POST /sso/providers and PATCH /sso/providers/{id}: the provider form. */
export const ZSsoProviderInput = z.object({
  name: zRequiredText(60),
  issuer: z
    .string()
    .trim()
    .refine(isAcceptableIssuer, { error: SSO_VALIDATION.issuer })
    .transform((text) => text.replace(/\/+$/, '')),
  clientId: zRequiredText(200),
  /** Absent or '' on a change: the stored secret stays. Required when creating. */
  clientSecret: z.string().max(500).optional(),
  domains: z.array(ZDomain).min(1, { error: 'validation.required' }).max(50),
  enabled: z.boolean().default(true),
  createUsers: z.boolean().default(false),
  /** false: addresses of the provider's domains sign in only through it (passwordSignInRefused). */
  passwordSignIn: z.boolean().default(true),
  customers: z.array(zRequiredText(200)).max(1000).default([]),
  portal: z.object({ rights: ZRightFlagsInput }).default({ rights: {} }),
});
export type TSsoProviderInput = z.infer<typeof ZSsoProviderInput>;
export type TSsoProviderFormValues = z.input<typeof ZSsoProviderInput>;

/** A provider as the API answers it: never the secret, only whether one is set. */
export const ZSsoProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  domains: z.array(z.string()),
  enabled: z.boolean(),
  createUsers: z.boolean(),
  passwordSignIn: z.boolean(),
  customers: z.array(z.string()),
  portal: z.object({ rights: ZPortalRights }),
  updatedAt: z.string(),
});
export type TSsoProvider = z.infer<typeof ZSsoProvider>;

/** GET /sso/providers: the providers and the redirect address to register at each (null without PUBLIC_URL). */
export const ZSsoProviderList = z.object({ redirectUri: z.string().nullable(), providers: z.array(ZSsoProvider) });
export type TSsoProviderList = z.infer<typeof ZSsoProviderList>;

export const ZSsoProviderIdParams = z.object({ id: z.coerce.number().int().positive() });

/** GET /auth/sso/providers (public, for /login): enabled providers' ids and names, nothing else. */
export const ZSsoPublicProvider = z.object({ id: z.number().int(), name: z.string() });
export type TSsoPublicProvider = z.infer<typeof ZSsoPublicProvider>;

/** POST /auth/sso: the one-time code the callback put in /login's fragment. */
export const ZSsoExchange = z.object({ code: z.string().min(1).max(200) });

/** The ID token's claims the match reads. */
export interface TSsoClaims {
  email?: unknown;
  email_verified?: unknown;
  /** Microsoft Entra ID's optional claim "email domain owner verified" (docs/sso.md). */
  xms_edov?: unknown;
}

/**
 * The e-mail address an ID token signs in with (docs/sso.md, "What is matched"): one the provider
 * calls verified (`email_verified: true`, or Entra's `xms_edov: true`), in a domain the provider
 * serves; or the refusal's key. The user with that address signs in; without one, a user is created
 * only when the provider creates users (else SSO_ERROR.noUser).
 */
export function ssoEmail(claims: TSsoClaims, domains: readonly string[]): { email: string } | { refused: TSsoError } {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  const verified = claims.email_verified === true || claims.xms_edov === true;
  if (!email || email.indexOf('@') < 1 || !verified) return { refused: SSO_ERROR.unverified };
  if (!domains.includes(emailDomain(email))) return { refused: SSO_ERROR.domain };
  return { email };
}

/** What passwordSignInRefused reads of a provider. */
export interface TPasswordPolicyProvider {
  domains: readonly string[];
  enabled: boolean;
  passwordSignIn: boolean;
}

/**
 * Whether an address may not sign in with a password, nor get a reset link (docs/sso.md, "Only
 * through the provider"): an enabled provider that serves its domain has password sign-in off.
 * Administrators keep their password: the way in when the provider is down or misconfigured.
 */
export function passwordSignInRefused(email: string, administrator: boolean, providers: readonly TPasswordPolicyProvider[]): boolean {
  if (administrator) return false;
  const domain = emailDomain(email);
  return domain !== '' && providers.some((provider) => provider.enabled && !provider.passwordSignIn && provider.domains.includes(domain));
}

/** The domains field of the provider form: one text, separated by commas, spaces or new lines. */
export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
}

/** The provider form (/sso-providers): ZSsoProviderInput with the domains as one text and the rights flat. */
export const ZSsoProviderForm = z.object({
  name: zRequiredText(60),
  issuer: z.string().trim().refine(isAcceptableIssuer, { error: SSO_VALIDATION.issuer }),
  clientId: zRequiredText(200),
  clientSecret: z.string().max(500),
  domains: z
    .string()
    .refine((text) => splitDomains(text).length > 0, { error: 'validation.required' })
    .refine((text) => splitDomains(text).every(isDomainName), { error: SSO_VALIDATION.domain }),
  enabled: z.boolean(),
  createUsers: z.boolean(),
  passwordSignIn: z.boolean(),
  customers: z.array(z.string()),
  rights: ZRightFlagsInput,
});
export type TSsoProviderForm = z.infer<typeof ZSsoProviderForm>;

export function ssoProviderFormValues(provider: TSsoProvider | null): TSsoProviderForm {
  return {
    name: provider?.name ?? '',
    issuer: provider?.issuer ?? '',
    clientId: provider?.clientId ?? '',
    clientSecret: '',
    domains: provider?.domains.join(', ') ?? '',
    enabled: provider?.enabled ?? true,
    createUsers: provider?.createUsers ?? false,
    passwordSignIn: provider?.passwordSignIn ?? true,
    customers: provider?.customers ?? [],
    rights: Object.fromEntries(Object.entries(provider?.portal.rights ?? {}).filter(([, on]) => on === true)),
  };
}

export function toSsoProviderBody(values: TSsoProviderForm): TSsoProviderInput {
  return {
    name: values.name,
    issuer: values.issuer,
    clientId: values.clientId,
    ...(values.clientSecret.trim() ? { clientSecret: values.clientSecret.trim() } : {}),
    domains: [...new Set(splitDomains(values.domains))],
    enabled: values.enabled,
    createUsers: values.createUsers,
    passwordSignIn: values.passwordSignIn,
    customers: values.customers,
    portal: { rights: values.rights },
  };
}
