import * as oidc from 'openid-client';
import { isLoopbackHost, SSO_SCOPES } from '@aquasmart/domain';

/**
 * The OpenID Connect client side, all of it done by `openid-client` (v6, on oauth4webapi): discovery
 * of the provider's metadata, the authorization URL with PKCE (S256), nonce and state, and the code
 * exchange, which checks the authorization response (state, `iss`), and the ID token: its
 * signature against the provider's JWKS, issuer, audience (our client id), nonce, expiry and
 * issued-at. Nothing here checks a token by hand.
 */

export interface TOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A provider's answer that could not be had (discovery, token endpoint unreachable or malformed). */
export class OidcUnreachable extends Error {}

const DISCOVERY_TIMEOUT_SECONDS = 10;

/**
 * The client configuration from the provider's discovery document. `now`: the portal's clock, given to
 * the library as its clock skew so the ID token's expiry is judged by the same clock as the rest
 * (tests move it). http is allowed for a loopback issuer only (isAcceptableIssuer).
 */
export async function discover(provider: TOidcProvider, now: Date): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
  const skewSeconds = Math.round((now.getTime() - Date.now()) / 1000);
  try {
    return await oidc.discovery(
      issuer,
      provider.clientId,
      { client_secret: provider.clientSecret, ...(skewSeconds ? { [oidc.clockSkew]: skewSeconds } : {}) },
      oidc.ClientSecretBasic(provider.clientSecret),
      { timeout: DISCOVERY_TIMEOUT_SECONDS, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
  } catch (error) {
    throw new OidcUnreachable(errorSummary(error));
  }
}

export interface TStartedSignIn {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A new sign-in: fresh state, nonce and PKCE verifier, and the provider's authorization URL. */
export async function authorizationUrl(config: oidc.Configuration, redirectUri: string): Promise<TStartedSignIn> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SSO_SCOPES,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

/**
 * The code exchange and the ID token's checks; answers the token's claims. Throws what the library
 * throws: a refused code (replayed, wrong verifier) or a refused ID token.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<Record<string, unknown>> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    pkceCodeVerifier: expected.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  if (claims.email !== undefined) return claims;
  // A provider that keeps email and email_verified out of the ID token answers them at its userinfo
  // endpoint; the library checks that the answer is about the ID token's subject.
  const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  return { ...info, ...claims, email: info.email, email_verified: info.email_verified };
}

/** What a log line may say about a library error: its name, code and message, never a token or secret. */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const { code, error: oauthError, cause } = error as { code?: unknown; error?: unknown; cause?: { claim?: unknown } };
  const parts = [
    error.name,
    typeof code === 'string' ? code : '',
    // The OAuth error code of a refusing token endpoint (invalid_grant) and the name of a failing ID token claim: never values.
    typeof oauthError === 'string' ? oauthError : '',
    typeof cause?.claim === 'string' ? `claim ${cause.claim}` : '',
  ].filter(Boolean);
  // openid-client wraps oauth4webapi's error, whose message names the check ('unexpected JWT "aud" (audience) claim value').
  const inner = cause instanceof Error ? ` (${cause.message})` : '';
  return `${parts.join(' ')}: ${error.message}${inner}`.slice(0, 300);
}
