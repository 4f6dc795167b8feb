import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../../lib/error-responses';
import { CHIRPSTACK_EVENTS, parseChirpstackEvent, type TParseResult } from './chirpstack-event';
import { TTS_MESSAGE_TYPES, parseTtsEvent } from './tts-event';
import { bearerToken, type NetworkServerCache, type TKnownNetworkServer } from './network-server-cache';
import type { IntakeWriter } from './intake-writer';

export interface TIntakeRouteOptions {
  writer: IntakeWriter;
  networkServers: NetworkServerCache;
}

const ZAnswer = z.object({ duplicate: z.boolean().describe('true when this event had been received before (not stored again)') });
const RESPONSES = { 200: ZAnswer, ...errorResponses(400, 401) };

/**
 * Network-server integrations (docs/telemetry.md, "Intake"): ChirpStack v4 HTTP integration and The Things Stack v3
 * webhooks. The caller is the network server, identified by its secret as a bearer token; the
 * answer comes after the event is committed to intake_events, processing happens afterwards.
 */
export async function intakeRoutes(app: FastifyInstance, { writer, networkServers }: TIntakeRouteOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const callers = new WeakMap<FastifyRequest, TKnownNetworkServer>();

  /** Runs before the body is read: a wrong secret is a 401 whatever the body. */
  const secretOf = (kind: 'chirpstack' | 'tts') => async (request: FastifyRequest) => {
    const secret = bearerToken(request.headers.authorization);
    const server = secret ? await networkServers.lookup(secret) : null;
    if (!server || server.kind !== kind) throw ApiError.unauthorized('Missing or unknown network-server secret');
    callers.set(request, server);
  };

  const accept = async (request: FastifyRequest, result: TParseResult) => {
    if (!result.ok) throw ApiError.badRequest(`Malformed event: ${result.reason}`);
    const stored = await writer.submit(callers.get(request)!.id, result.event);
    return { duplicate: !stored };
  };

  routes.post(
    '/integrations/chirpstack',
    {
      config: { public: true, answersWhileStalled: true },
      onRequest: secretOf('chirpstack'),
      schema: {
        operationId: 'PostChirpstackEvent',
        tags: ['integrations'],
        summary: 'ChirpStack v4 HTTP integration (JSON encoding); Authorization: Bearer <network-server secret>',
        querystring: z.object({ event: z.enum(CHIRPSTACK_EVENTS) }),
        response: RESPONSES,
      },
    },
    async (request) => accept(request, parseChirpstackEvent(request.query.event, request.body)),
  );

  routes.post(
    '/integrations/tts/:messageType',
    {
      config: { public: true, answersWhileStalled: true },
      onRequest: secretOf('tts'),
      schema: {
        operationId: 'PostTtsEvent',
        tags: ['integrations'],
        summary: 'The Things Stack v3 webhook, one path per message type; Authorization: Bearer <network-server secret>',
        params: z.object({ messageType: z.enum(TTS_MESSAGE_TYPES) }),
        response: RESPONSES,
      },
    },
    async (request) => accept(request, parseTtsEvent(request.params.messageType, request.body)),
  );
}
