import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { saveParameters } from './parameter-service';

const ZRegisterNumber = z.coerce.number().int().min(1).max(255);
const ZRegisterValue = z.record(z.string(), z.unknown());
const ZEuiParams = z.object({ eui: z.string().regex(/^[0-9a-fA-F]{16}$/, 'validation.invalid') });
const ZSaved = z.object({
  eui: z.string(),
  sync: z.number(),
  parameters: z.array(z.object({ register: z.number(), value: z.unknown(), status: z.string() })),
});
const RESPONSES = { 200: ZSaved, ...errorResponses(400, 401, 403, 404) };

/** The one-register route's body is `{ value }`: `0.value.x` is `value.x` there, `0.register` the path's `register`. */
const oneRegisterFields = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([path, key]) => [path.replace(/^0\./, ''), key]));

/**
 * Settings sent to a node (docs/telemetry.md, "Downlinks"): the registers are stored `pending`, the device's
 * sync becomes 0 and the downlink is queued to the device's network server.
 */
export async function parameterRoutes(app: FastifyInstance, { db, onQueued }: { db: TDb; onQueued: () => void }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/devices/:eui/parameters',
    {
      schema: {
        operationId: 'PostDeviceParameters',
        tags: ['devices'],
        summary: 'Send setting registers to a node: list of { register, value }',
        params: ZEuiParams,
        body: z.array(z.object({ register: ZRegisterNumber, value: ZRegisterValue })).min(1),
        response: RESPONSES,
      },
    },
    async (request) => {
      const saved = await saveParameters(db, currentUser(request), request.params.eui, request.body);
      onQueued();
      return saved;
    },
  );

  routes.post(
    '/devices/:eui/parameters/:register',
    {
      schema: {
        operationId: 'PostDeviceParameter',
        tags: ['devices'],
        summary: 'Send one setting register to a node: { value } (replication)',
        params: ZEuiParams.extend({ register: ZRegisterNumber }),
        body: z.object({ value: ZRegisterValue }),
        response: RESPONSES,
      },
    },
    async (request) => {
      const saved = await saveParameters(db, currentUser(request), request.params.eui, [{ register: request.params.register, value: request.body.value }], oneRegisterFields);
      onQueued();
      return saved;
    },
  );
}
