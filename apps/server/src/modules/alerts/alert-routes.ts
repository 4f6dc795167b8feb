import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMailOutboxItem, ZMailOutboxQuery, ZTestMailRequest } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { queueTestMail } from './alert-service';
import { listOutbox } from './mail-repository';

export interface TAlertRoutesOptions {
  db: TDb;
  publicUrl: string;
  /** Wakes the mailer: a new e-mail is waiting. */
  onQueued: () => void;
  /** false: no SMTP_URL; a test e-mail is answered as not sent at once. */
  mailServerConfigured: boolean;
}

/** The administrators' e-mail outbox (docs/alerts.md, "The outbox screen"). Administrators only (rights catalogue). */
export async function alertRoutes(app: FastifyInstance, { db, publicUrl, onQueued, mailServerConfigured }: TAlertRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/mailOutbox',
    {
      schema: {
        operationId: 'GetMailOutbox',
        tags: ['alerts'],
        summary: 'E-mails sent and waiting (recipient, subject, state, attempts, last error), newest first; administrators only',
        querystring: ZMailOutboxQuery,
        response: { 200: z.array(ZMailOutboxItem), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listOutbox(db, request.query),
  );

  routes.post(
    '/mailOutbox/test',
    {
      schema: {
        operationId: 'PostTestMail',
        tags: ['alerts'],
        summary: 'Queue a test e-mail to `to` (default: the caller) through the outbox; administrators only',
        body: ZTestMailRequest,
        response: { 201: ZMailOutboxItem, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const item = await queueTestMail(db, currentUser(request), request.body, publicUrl, mailServerConfigured);
      onQueued();
      return reply.status(201).send(item);
    },
  );
}
