import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../../lib/error-responses';
import { tokenExpiry } from '../../identity/tokens';
import { currentUser } from '../../plugins/authenticate';
import type { EventHub } from './event-hub';
import { EventStream } from './event-stream';
import { viewerOf } from './stream-viewer';

const STREAM_RESPONSE = {
  description:
    'Server-sent events (docs/events.md): nodes, alarm, dashboard, mail (administrators), reload, end; a heartbeat comment every 15 s. ' +
    'Every event id is `<copyId>.<seq>`; send the last one as Last-Event-ID when reconnecting.',
  content: { 'text/event-stream': { schema: z.string() } },
};

/** A Last-Event-ID longer than this is not one of ours: answered with reload like any unknown id. */
const MAX_LAST_EVENT_ID = 100;

/**
 * GET /api/v1/events: the signed-in user's stream of changes. An ordinary authenticated route
 * (x-access-token header like every call; never a token in the URL, so none in logs or history):
 * the web app reads it with fetch, which can send headers (docs/events.md, "Authentication").
 */
export async function eventRoutes(routes: FastifyInstance, { db, hub, ready }: { db: TDb; hub: EventHub; ready: () => Promise<unknown> }): Promise<void> {
  routes.get(
    '/events',
    {
      schema: {
        operationId: 'GetEvents',
        tags: ['events'],
        summary: 'The live stream of changes the user may see (text/event-stream); resumes after the Last-Event-ID header or tells the client to reload',
        response: { 200: STREAM_RESPONSE, ...errorResponses(401, 503) },
      },
    },
    async (request, reply) => {
      // The user was read after the request came in: changes announced since then are checked again.
      const userReadAt = Date.now() - reply.elapsedTime;
      const user = currentUser(request);
      const token = request.accessToken;
      const expiry = token ? await tokenExpiry(db, token) : null;
      if (!token || !expiry) throw ApiError.unauthorized();
      if (hub.closed) throw new ApiError(503, ERROR.unavailable, 'The server is shutting down; connect again');
      await ready();
      const header = request.headers['last-event-id'];
      const given = Array.isArray(header) ? header[0] : header;
      const lastEventId = given === undefined ? null : given.length <= MAX_LAST_EVENT_ID ? given.trim() : '';
      reply.hijack();
      const stream = new EventStream(hub, reply.raw, db, token, viewerOf(user), expiry.expiresAt, request.log);
      stream.open(lastEventId, userReadAt);
    },
  );
}
