import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPasswordResetCheck, ZPasswordResetCheckResponse, ZPasswordResetConfirm, ZPasswordResetRequest } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import type { TPasswordRefused } from '../auth/auth-service';
import { checkResetLink, confirmPasswordReset, requestPasswordReset } from './reset-service';

export interface TResetRoutesOptions {
  db: TDb;
  publicUrl: string;
  /** A reset e-mail was queued: the mailer sends it now rather than at its next round. */
  onQueued: () => void;
  /** Addresses that sign in through single sign-on only get no link (modules/sso, wired in app.ts). */
  passwordRefused?: TPasswordRefused;
}

/** The forgotten-password reset (docs/users.md, "Forgotten password"): three public calls. */
export async function passwordResetRoutes(app: FastifyInstance, { db, publicUrl, onQueued, passwordRefused }: TResetRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/password-reset',
    {
      config: { public: true },
      schema: {
        operationId: 'PostPasswordReset',
        tags: ['auth'],
        summary: 'Ask for a reset link by e-mail: 202 whether or not the address is a user\'s (a link works once, for 30 minutes)',
        body: ZPasswordResetRequest,
        response: { 202: z.object({}), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      if (await requestPasswordReset(db, request.body.email, request.ip, publicUrl, passwordRefused)) onQueued();
      return reply.status(202).send({});
    },
  );

  routes.post(
    '/auth/password-reset/check',
    {
      config: { public: true },
      schema: {
        operationId: 'PostPasswordResetCheck',
        tags: ['auth'],
        summary: 'Whether a reset link still works, and for which e-mail address (400 errors.resetLinkInvalid otherwise)',
        body: ZPasswordResetCheck,
        response: { 200: ZPasswordResetCheckResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => checkResetLink(db, request.body.token, request.ip),
  );

  routes.post(
    '/auth/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        operationId: 'PostPasswordResetConfirm',
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session of the user; the link is used up',
        body: ZPasswordResetConfirm,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await confirmPasswordReset(db, request.body, request.ip, passwordRefused);
      return reply.status(204).send(null);
    },
  );
}
