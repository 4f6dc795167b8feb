import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZNodeLabelsQuery, ZOutletLabelsQuery } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { ZLocationParams } from '../places/place-params';
import { nodeLabelsPdf, outletLabelsPdf, type TLabelsRenderer } from './labels-service';

const PDF_RESPONSE = { description: 'The label sheet as PDF (A4, 3 x 8 labels of 70 x 37 mm)', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } };

const sendPdf = (reply: FastifyReply, { pdf, fileName }: { pdf: Buffer; fileName: string }) =>
  reply // raw bytes: no schema applies
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(pdf);

/**
 * GET /devices/labels (docs/field-work.md, "Print labels"): whoever may see the nodes.
 * GET /customers/{c}/locations/{l}/outlets/labels ("Outlet labels"): whoever may read the location's
 * outlets. The outlets' QR codes hold `publicUrl` (PUBLIC_URL) or, without it, the address the
 * request came to.
 */
export async function labelRoutes(app: FastifyInstance, { db, render, publicUrl }: { db: TDb; render: TLabelsRenderer; publicUrl?: string }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/devices/labels',
    {
      // Read and rendered for seconds: bounded per user and server (plugins/heavy-request-limit.ts).
      config: { heavy: true },
      schema: {
        operationId: 'GetDeviceLabels',
        tags: ['devices'],
        summary: 'A PDF sheet of labels (QR code, EUI, name, place) of selected nodes or of a location',
        querystring: ZNodeLabelsQuery,
        response: { 200: PDF_RESPONSE, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendPdf(reply as FastifyReply, await nodeLabelsPdf(db, render, currentUser(request), request.query)),
  );

  routes.get(
    '/customers/:customer/locations/:location/outlets/labels',
    {
      config: { heavy: true },
      schema: {
        operationId: 'GetLocationOutletLabels',
        tags: ['outlets'],
        summary: "A PDF sheet of labels (QR code of the outlet's page, name, room and floor, kind, place) of a location's outlets, or of those of `ids`",
        params: ZLocationParams,
        querystring: ZOutletLabelsQuery,
        response: { 200: PDF_RESPONSE, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const { customer, location } = request.params;
      return sendPdf(reply, await outletLabelsPdf(db, render, currentUser(request), customer, location, request.query, origin));
    },
  );
}
