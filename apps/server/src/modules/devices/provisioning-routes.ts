import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_CSV_MAX_BYTES, ZDevice, ZDeviceCreate, ZDeviceImportReport, ZDeviceImportRequest } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { readDevice } from './device-repository';
import { createDevice, importDevices } from './device-service';

/** Room for the file plus its JSON wrapping. */
const IMPORT_BODY_LIMIT = 2 * DEVICE_CSV_MAX_BYTES;

/** Device provisioning by administrators (docs/telemetry.md, "Provisioning devices" and "CSV import"): one device, or a CSV file. */
export async function provisioningRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  // A text/csv body arrives as { csv: <text> }, the same as the JSON form (this plugin's routes only).
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) => {
    done(null, { csv: body });
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/devices',
    {
      schema: {
        operationId: 'PostDevice',
        tags: ['devices'],
        summary: 'Provision an unassigned device (EUI in upper case, type, version, network server, encryption mode)',
        body: ZDeviceCreate,
        response: { 201: ZDevice, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const eui = await createDevice(db, user, request.body);
      return reply.status(201).send(await readDevice(db, user, eui));
    },
  );

  routes.post(
    '/devices/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        operationId: 'PostDevicesImport',
        tags: ['devices'],
        summary: 'Provision devices from a CSV file (text/csv body, or JSON { csv }); answers per row imported or refused with the reason',
        body: ZDeviceImportRequest,
        response: { 200: ZDeviceImportReport, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => importDevices(db, currentUser(request), request.body.csv),
  );
}
