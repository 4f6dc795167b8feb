import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_READ_ONLY_FIELDS, ERROR, ZAccountPatch, ZCurrentUser, ZUserCreate, ZUserPatch } from '@aquasmart/domain';
import { ApiError } from '../../lib/api-error';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { applyProjection, parseProjection } from '../../lib/query';
import { currentUser } from '../../plugins/authenticate';
import { listUsers, toCurrentUser } from './user-repository';
import { createUser, deleteUser, requireUser, updateAccount, updateUser } from './user-service';

const USER_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'type',
  'language',
  'customers',
  'portal.rights',
  'rights',
  'flush.emailAlerts',
  'overflowDetection.emailAlerts',
] as const;

const ZUserListItem = ZCurrentUser.partial();
const ZEmailParams = z.object({ email: z.string().min(1).max(254) });

/**
 * Rights and customers are never written through one's own account: sending them is a 403
 * naming them, not a silent 200 that leaves the caller thinking they were saved.
 */
async function refuseReadOnlyAccountFields(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body === null || typeof body !== 'object') return;
  const refused = ACCOUNT_READ_ONLY_FIELDS.filter((field) => Object.hasOwn(body, field));
  if (refused.length) {
    throw ApiError.forbidden(`Not changed through the own account: ${refused.join(', ')}`, Object.fromEntries(refused.map((field) => [field, ERROR.forbidden])));
  }
}

/** Users (docs/users.md, docs/architecture.md "Rights"). Rights checks happen before the handler. */
export async function userRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const [url, read, write] of [
    ['/users/current', 'GetCurrentUser', 'PatchCurrentUser'],
    ['/administrators/current', 'GetCurrentAdministrator', 'PatchCurrentAdministrator'],
  ] as const) {
    routes.get(
      url,
      { schema: { operationId: read, tags: ['users'], summary: 'The signed-in user (never the password hash or tokens)', response: { 200: ZCurrentUser, ...errorResponses(401) } } },
      async (request) => toCurrentUser(currentUser(request)),
    );
    routes.patch(
      url,
      {
        preValidation: refuseReadOnlyAccountFields,
        schema: {
          operationId: write,
          tags: ['users'],
          summary:
            'Change own name, e-mail, language, password, e-mail alerts or the monthly logbook e-mail; a new password or e-mail needs currentPassword; a new password ends the other sessions; rights and customers are refused',
          body: ZAccountPatch,
          response: { 200: ZCurrentUser, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (request) =>
        toCurrentUser(await updateAccount(db, currentUser(request), request.body, { token: request.accessToken, clientAddress: request.ip })),
    );
  }

  routes.get(
    '/users',
    {
      schema: {
        operationId: 'GetUsers',
        tags: ['users'],
        summary: 'Users sorted by name',
        querystring: z.object({ projection: z.string().optional() }),
        response: { 200: z.array(ZUserListItem), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const projection = parseProjection(request.query.projection, USER_FIELDS);
      return (await listUsers(db)).map((user) => applyProjection(toCurrentUser(user), projection));
    },
  );

  routes.post(
    '/users',
    {
      schema: {
        operationId: 'PostUser',
        tags: ['users'],
        summary: 'Create a user; rights are derived from the flags',
        body: ZUserCreate,
        response: { 201: ZCurrentUser, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(toCurrentUser(await createUser(db, currentUser(request), request.body))),
  );

  routes.get(
    '/users/:email',
    { schema: { operationId: 'GetUser', tags: ['users'], summary: 'One user by e-mail address, with rights and customers', params: ZEmailParams, response: { 200: ZCurrentUser, ...errorResponses(401, 403, 404) } } },
    async (request) => toCurrentUser(await requireUser(db, request.params.email)),
  );

  routes.patch(
    '/users/:email',
    {
      schema: {
        operationId: 'PatchUser',
        tags: ['users'],
        summary:
          'Change a user who holds no right or customer the caller lacks; an empty password is left out; one\'s own new password or e-mail needs currentPassword; type and tokens are never written',
        params: ZEmailParams,
        body: ZUserPatch,
        response: { 200: ZCurrentUser, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      toCurrentUser(await updateUser(db, currentUser(request), request.params.email, request.body, { token: request.accessToken, clientAddress: request.ip })),
  );

  routes.delete(
    '/users/:email',
    {
      schema: { operationId: 'DeleteUser', tags: ['users'], summary: 'Delete a user (never oneself, never the last administrator)', params: ZEmailParams, response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) } },
    },
    async (request, reply) => {
      await deleteUser(db, currentUser(request), request.params.email);
      return reply.status(204).send(null);
    },
  );
}
