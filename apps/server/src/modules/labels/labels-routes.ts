import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZNodeLabelsQuery } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { nodeLabelsPdf, type TLabelsRenderer } from './labels-service';

const PDF_RESPONSE = { description: 'The label sheet as PDF (A4, 3 x 8 labels of 70 x 37 mm)', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } };

/** GET /devices/labels (docs/field-work.md, "Print labels"): whoever may see the nodes. */
export async function labelRoutes(app: FastifyInstance, { db, render }: { db: TDb; render: TLabelsRenderer }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
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
    async (request, reply) => {
      const { pdf, fileName } = await nodeLabelsPdf(db, render, currentUser(request), request.query);
      return (reply as FastifyReply) // raw bytes: no schema applies
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );
}
