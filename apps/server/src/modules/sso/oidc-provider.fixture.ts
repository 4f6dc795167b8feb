import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider for the tests (the npm package `oidc-provider`, docs/sso.md "Tests"): discovery,
 * JWKS, authorization endpoint with PKCE required, token endpoint, signed ID tokens. Its accounts carry
 * e-mail and email_verified. `interactive: false` finishes the login and consent steps by itself for
 * `account.next` (server tests); `interactive: true` shows the package's own development login and consent
 * pages (the browser test types the account's id there).
 */

export interface TTestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TTestProvider {
  issuer: string;
  /** Who the automatic login step signs in (interactive: false). */
  account: { next: string };
  /** When set, ID tokens are issued for this audience instead of the client's id (the wrong-audience case). */
  audience: { override: string | null };
  close(): Promise<void>;
}

export async function startTestProvider(options: {
  clients: { clientId: string; clientSecret: string; redirectUri: string }[];
  accounts: Record<string, TTestAccount>;
  interactive?: boolean;
  port?: number;
}): Promise<TTestProvider> {
  let handler: http.RequestListener = (_request, response) => response.end();
  const server = http.createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const account = { next: Object.keys(options.accounts)[0] ?? '' };
  const audience: { override: string | null } = { override: null };
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: options.interactive === true } },
    // The development keys oidc-provider makes for itself would warn; a fixed test key set is not needed: it makes one per start.
    findAccount: async (_context: unknown, id: string) => {
      const claims = options.accounts[id];
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    ...(options.interactive ? {} : { interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` } }),
  });
  // The wrong-audience case: the provider signs an ID token for another client (as a token meant for another application would be).
  const issue = provider.IdToken.prototype.issue;
  provider.IdToken.prototype.issue = function (this: { client: object }, ...args: unknown[]) {
    if (audience.override) {
      const real = this.client;
      const other = audience.override;
      this.client = new Proxy(real, {
        get: (target, property) => {
          if (property === 'clientId') return other;
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    }
    return issue.apply(this, args);
  };
  const callback = provider.callback();
  handler = (request, response) => {
    if (!options.interactive && request.url?.startsWith('/interaction/')) {
      void finishInteraction(provider, request, response, account.next).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    callback(request, response);
  };
  return {
    issuer,
    account,
    audience,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function finishInteraction(provider: Provider, request: http.IncomingMessage, response: http.ServerResponse, accountId: string): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(request, response, { login: { accountId } }, { mergeWithLastSubmission: false });
    return;
  }
  const grant = new provider.Grant({ accountId: details.session?.accountId ?? accountId, clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  await provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}
