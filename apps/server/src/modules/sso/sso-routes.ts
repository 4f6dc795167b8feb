import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SSO_STATE_SECONDS, ZSsoExchange, ZSsoProvider, ZSsoProviderIdParams, ZSsoProviderInput, ZSsoProviderList, ZSsoPublicProvider } from '@aquasmart/domain';
import { errorResponses } from '../../lib/error-responses';
import { createSsoProvider, deleteSsoProvider, exchangeHandoff, finishSignIn, publicProviders, ssoProviderList, startSignIn, updateSsoProvider, type TSsoOptions, type TSsoStep } from './sso-service';

/** The browser binding of a sign-in (docs/sso.md, "Safety"): HttpOnly, only sent to the sign-in's own paths. */
const COOKIE = 'aquasmart_sso';
const COOKIE_PATH = '/api/v1/auth/sso';

function cookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function setCookie(reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean): void {
  reply.header('set-cookie', `${COOKIE}=${encodeURIComponent(value)}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}

const ZRedirect = z.null().describe('A redirect (Location): to the provider, or to /login with `#sso=<code>` or `#ssoError=<message key>`');

/** Single sign-on (docs/sso.md): the providers' administration (administrators) and the sign-in steps (public). */
export async function ssoRoutes(app: FastifyInstance, options: TSsoOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, publicUrl } = options;
  const secure = publicUrl?.startsWith('https:') ?? false;
  const go = (reply: FastifyReply, step: TSsoStep) => {
    reply.header('cache-control', 'no-store');
    return reply.redirect(step.location, 302);
  };

  routes.get(
    '/sso/providers',
    {
      schema: {
        operationId: 'GetSsoProviders',
        tags: ['sso'],
        summary: 'Single sign-on providers and the redirect address to register at each (null without PUBLIC_URL); never a client secret, only whether one is set',
        response: { 200: ZSsoProviderList, ...errorResponses(401, 403) },
      },
    },
    async () => ssoProviderList(db, publicUrl),
  );

  routes.post(
    '/sso/providers',
    {
      schema: {
        operationId: 'PostSsoProvider',
        tags: ['sso'],
        summary: 'Add a single sign-on provider (issuer, client id and secret, the e-mail domains it serves, whether it creates users and with which rights and customers)',
        body: ZSsoProviderInput,
        response: { 201: ZSsoProvider, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await createSsoProvider(db, request.body)),
  );

  routes.patch(
    '/sso/providers/:id',
    {
      schema: {
        operationId: 'PatchSsoProvider',
        tags: ['sso'],
        summary: 'Change a single sign-on provider; an absent or empty clientSecret keeps the stored one',
        params: ZSsoProviderIdParams,
        body: ZSsoProviderInput,
        response: { 200: ZSsoProvider, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateSsoProvider(db, request.params.id, request.body),
  );

  routes.delete(
    '/sso/providers/:id',
    {
      schema: {
        operationId: 'DeleteSsoProvider',
        tags: ['sso'],
        summary: 'Remove a single sign-on provider (its users stay, with their password sign-in)',
        params: ZSsoProviderIdParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteSsoProvider(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/auth/sso/providers',
    {
      config: { public: true },
      schema: {
        operationId: 'GetAuthSsoProviders',
        tags: ['auth'],
        summary: 'The enabled single sign-on providers for the sign-in page: ids and names only (none without PUBLIC_URL)',
        response: { 200: z.array(ZSsoPublicProvider) },
      },
    },
    async () => publicProviders(options),
  );

  routes.get(
    '/auth/sso/:id/start',
    {
      config: { public: true },
      schema: {
        operationId: 'GetAuthSsoStart',
        tags: ['auth'],
        summary: 'Start signing in with a provider: redirects to its authorization endpoint (code flow, PKCE, nonce, state)',
        params: ZSsoProviderIdParams,
        response: { 302: ZRedirect, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const step = await startSignIn(options, request.params.id);
      if (step.binding) setCookie(reply, step.binding, SSO_STATE_SECONDS, secure);
      return go(reply, step);
    },
  );

  routes.get(
    '/auth/sso/callback',
    {
      config: { public: true },
      schema: {
        operationId: 'GetAuthSsoCallback',
        tags: ['auth'],
        summary: "The redirect address providers return to: checks state, code and ID token, then redirects to /login with a one-time code or a refusal's message key",
        querystring: z.object({ code: z.string().max(4000), state: z.string().max(200), error: z.string().max(200) }).partial().loose(),
        response: { 302: ZRedirect, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const step = await finishSignIn(options, request.query as Record<string, string | undefined>, rawQuery, cookieOf(request));
      return go(reply, step);
    },
  );

  routes.post(
    '/auth/sso',
    {
      config: { public: true },
      schema: {
        operationId: 'PostAuthSso',
        tags: ['auth'],
        summary: 'Exchange the one-time code of a finished single sign-on (from the browser that started it) for a session token',
        body: ZSsoExchange,
        response: { 200: z.object({ token: z.string() }), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const answer = await exchangeHandoff(options, request.body.code, cookieOf(request));
      setCookie(reply, '', 0, secure);
      return answer;
    },
  );
}
