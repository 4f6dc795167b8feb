import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDevice, ZDeviceChannelPatch, ZDeviceLoraPatch } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { patchDevice, patchDeviceChannel } from './device-write-service';

const ZDeviceParams = z.object({ eui: z.string().min(1).max(100) });
/** The mode is checked by the service (400 naming `encryptionMode`), not here, so the answer names the field. */
const ZLoraParams = ZDeviceParams.extend({ encryptionMode: z.string().min(1).max(20) });
const ZChannelParams = ZDeviceParams.extend({ channelId: z.string().min(1).max(100) });
const RESPONSES = { 200: ZDevice, ...errorResponses(400, 401, 403, 404) };

/**
 * Node writes (docs/nodes.md, "Server"): registration, edit, move, removal
 * and battery swap in one PATCH, and the channel edit. Both answer the node as GET /devices/{eui}.
 */
export async function deviceWriteRoutes(app: FastifyInstance, { db, onQueued }: { db: TDb; onQueued: () => void }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.patch(
    '/devices/:eui/lora/:encryptionMode',
    {
      schema: {
        operationId: 'PatchDevice',
        tags: ['devices'],
        summary: 'Register, edit, move, remove a node or swap its battery (any subset of the node fields; docs/nodes.md)',
        params: ZLoraParams,
        body: ZDeviceLoraPatch,
        response: RESPONSES,
      },
    },
    async (request) => {
      const { device, queued } = await patchDevice(db, currentUser(request), request.params.eui, request.params.encryptionMode, request.body);
      if (queued) onQueued();
      return device;
    },
  );

  routes.patch(
    '/devices/:eui/channels/:channelId',
    {
      schema: {
        operationId: 'PatchDeviceChannel',
        tags: ['devices'],
        summary: "A channel's name and custom { mode: KW|WW|Meng/uittap, attachments: [Nattouwtje] }",
        params: ZChannelParams,
        body: ZDeviceChannelPatch,
        response: RESPONSES,
      },
    },
    async (request) => patchDeviceChannel(db, currentUser(request), request.params.eui, request.params.channelId, request.body),
  );
}
