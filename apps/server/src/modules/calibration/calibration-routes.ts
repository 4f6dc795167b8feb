import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCalibrationResult, ZChannelCalibration, ZChannelOffsetPatch } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { calibrateChannel, editChannelOffset } from './calibration-service';

const ZChannelParams = z.object({ eui: z.string().min(1).max(100), channelId: z.string().min(1).max(100) });
const RESPONSES = { 200: ZCalibrationResult, ...errorResponses(400, 401, 403, 404, 409) };

/** Calibration of a temperature channel and the offset edit (docs/calibration.md). */
export async function calibrationRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/devices/:eui/channels/:channelId/calibration',
    {
      schema: {
        operationId: 'PostChannelCalibration',
        tags: ['calibration'],
        summary:
          'Calibrate a temperature channel against a reference: { calibrated, offset, measured }; the stored reading must be above -100 and at most 120000 ms old (docs/calibration.md)',
        params: ZChannelParams,
        body: ZChannelCalibration,
        response: RESPONSES,
      },
    },
    async (request) => calibrateChannel(db, currentUser(request), request.params.eui, request.params.channelId, request.body),
  );

  routes.patch(
    '/devices/:eui/channels/:channelId/calibration',
    {
      schema: {
        operationId: 'PatchChannelCalibration',
        tags: ['calibration'],
        summary: "Change a temperature channel's offset by hand: { offset }; unchanged answers snackbar.calibAlready (docs/calibration.md)",
        params: ZChannelParams,
        body: ZChannelOffsetPatch,
        response: RESPONSES,
      },
    },
    async (request) => editChannelOffset(db, currentUser(request), request.params.eui, request.params.channelId, request.body),
  );
}
