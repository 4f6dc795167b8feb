import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZNetworkServer, ZNetworkServerCreate, ZNetworkServerListItem, ZNetworkServerPatch } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { isAdministrator } from '../../identity/rights';
import { listNetworkServerNames, listNetworkServers, readNetworkServer } from './network-server-repository';
import { createNetworkServer, deleteNetworkServer, updateNetworkServer } from './network-server-service';

const ZParams = z.object({ networkServer: z.string().min(1).max(500) });

/**
 * Network servers (docs/telemetry.md, "Network servers"): administrators manage them and see
 * secrets and configs; users who may edit nodes (addNode, editNode) get the names for the picker.
 */
export async function networkServerRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/networkServers',
    {
      schema: {
        operationId: 'GetNetworkServers',
        tags: ['network servers'],
        summary: 'Network servers sorted by name: full records (secret, config, nodes) for administrators, names for others',
        response: { 200: z.array(ZNetworkServerListItem), ...errorResponses(401, 403) },
      },
    },
    async (request) => (isAdministrator(currentUser(request)) ? listNetworkServers(db) : listNetworkServerNames(db)),
  );

  routes.get(
    '/networkServers/:networkServer',
    {
      schema: {
        operationId: 'GetNetworkServer',
        tags: ['network servers'],
        summary: 'One network server with its integration settings (administrators)',
        params: ZParams,
        response: { 200: ZNetworkServer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => readNetworkServer(db, request.params.networkServer),
  );

  routes.post(
    '/networkServers',
    {
      schema: {
        operationId: 'PostNetworkServer',
        tags: ['network servers'],
        summary: 'Create a network server; the integration secret is generated (256 random bits) unless given',
        body: ZNetworkServerCreate,
        response: { 201: ZNetworkServer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const name = await createNetworkServer(db, request.body);
      return reply.status(201).send(await readNetworkServer(db, name));
    },
  );

  routes.patch(
    '/networkServers/:networkServer',
    {
      schema: {
        operationId: 'PatchNetworkServer',
        tags: ['network servers'],
        summary: 'Change a network server; config keys merge into the stored ones; secret "regenerate" draws a new secret',
        params: ZParams,
        body: ZNetworkServerPatch,
        response: { 200: ZNetworkServer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => readNetworkServer(db, await updateNetworkServer(db, request.params.networkServer, request.body)),
  );

  routes.delete(
    '/networkServers/:networkServer',
    {
      schema: {
        operationId: 'DeleteNetworkServer',
        tags: ['network servers'],
        summary: 'Delete a network server no device uses (409 otherwise)',
        params: ZParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteNetworkServer(db, request.params.networkServer);
      return reply.status(204).send(null);
    },
  );
}
