import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCustomerTwoFactor,
  ZTwoFactorChallenge,
  ZTwoFactorCode,
  ZTwoFactorDisable,
  ZTwoFactorEnabled,
  ZTwoFactorSecret,
  ZTwoFactorSignIn,
  ZTwoFactorStatus,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { ZCustomerParams } from '../places/place-params';
import {
  completeSignIn,
  confirmSetup,
  customerRequirement,
  disableTwoFactor,
  startSetup,
  startSetupWithChallenge,
  twoFactorStatus,
  type TTwoFactorPolicy,
} from './two-factor-service';

export interface TTwoFactorRoutesOptions {
  db: TDb;
  tokenTtlSeconds: number;
  policy: TTwoFactorPolicy;
}

/** Two-factor sign-in (docs/users.md, "Two-factor sign-in"): the second step, the own account's set-up, a customer's requirement. */
export async function twoFactorRoutes(app: FastifyInstance, { db, tokenTtlSeconds, policy }: TTwoFactorRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/twoFactor',
    {
      config: { public: true },
      schema: {
        operationId: 'PostAuthTwoFactor',
        tags: ['auth'],
        summary: 'The second sign-in step: the challenge of POST /auth and a code (or a recovery code); answers the session token (and the recovery codes after a set-up)',
        body: ZTwoFactorSignIn,
        response: { 200: ZTwoFactorEnabled.partial({ recoveryCodes: true }).required({ token: true }), ...errorResponses(400, 429) },
      },
    },
    async (request) => completeSignIn(db, request.body, request.ip, tokenTtlSeconds),
  );

  routes.post(
    '/auth/twoFactor/setup',
    {
      config: { public: true },
      schema: {
        operationId: 'PostAuthTwoFactorSetup',
        tags: ['auth'],
        summary: 'A new two-factor secret for a user who must set it up during sign-in (a challenge of kind setup)',
        body: ZTwoFactorChallenge,
        response: { 200: ZTwoFactorSecret, ...errorResponses(400, 409) },
      },
    },
    async (request) => startSetupWithChallenge(db, request.body.challenge),
  );

  routes.get(
    '/users/current/twoFactor',
    {
      schema: {
        operationId: 'GetCurrentTwoFactor',
        tags: ['users'],
        summary: 'Whether two-factor sign-in is on for the own account, whether it is required, and the recovery codes left',
        response: { 200: ZTwoFactorStatus, ...errorResponses(401) },
      },
    },
    async (request) => twoFactorStatus(db, currentUser(request), policy),
  );

  routes.post(
    '/users/current/twoFactor',
    {
      schema: {
        operationId: 'PostCurrentTwoFactor',
        tags: ['users'],
        summary: 'Start setting up two-factor sign-in: a new secret (QR address and text), in effect only once a code of it is confirmed',
        response: { 200: ZTwoFactorSecret, ...errorResponses(401, 409) },
      },
    },
    async (request) => startSetup(db, currentUser(request)),
  );

  routes.post(
    '/users/current/twoFactor/confirm',
    {
      schema: {
        operationId: 'PostCurrentTwoFactorConfirm',
        tags: ['users'],
        summary: 'Confirm the set-up with a code of the new secret; answers the ten recovery codes, once',
        body: ZTwoFactorCode,
        response: { 200: ZTwoFactorEnabled, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => confirmSetup(db, currentUser(request), request.body.code, request.ip),
  );

  routes.post(
    '/users/current/twoFactor/disable',
    {
      schema: {
        operationId: 'PostCurrentTwoFactorDisable',
        tags: ['users'],
        summary: 'Turn two-factor sign-in off with a valid code or the password (refused when it is required)',
        body: ZTwoFactorDisable,
        response: { 204: z.null(), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(db, currentUser(request), request.body, request.ip, policy);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/customers/:customer/twoFactor',
    {
      schema: {
        operationId: 'GetCustomerTwoFactor',
        tags: ['customers'],
        summary: "Whether the customer's users must use two-factor sign-in",
        params: ZCustomerParams,
        response: { 200: ZCustomerTwoFactor, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => customerRequirement(db, request.params.customer),
  );

  routes.patch(
    '/customers/:customer/twoFactor',
    {
      schema: {
        operationId: 'PatchCustomerTwoFactor',
        tags: ['customers'],
        summary: "Require two-factor sign-in of the customer's users (or not)",
        params: ZCustomerParams,
        body: ZCustomerTwoFactor,
        response: { 200: ZCustomerTwoFactor, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => customerRequirement(db, request.params.customer, request.body.required),
  );
}
