import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OUTLET_CSV_MAX_BYTES, TOTAL_COUNT_HEADER, ZDashboardChecks, ZCheckBody, ZCheckListQuery, ZCheckRecord, ZDueCheckQuery, ZDueChecks, ZCheckPlansBody, ZLocationCheckPlans, ZOutlet, ZOutletBody, ZOutletCsvRequest, ZOutletImportReport, ZOutletPatch } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { ZLocationParams } from '../places/place-params';
import { acceptCsvBodies } from '../sampling/sampling-csv';
import { getDashboardChecks } from './check-dashboard';
import { CHECK_BODY_LIMIT } from './check-photo';
import { listLocationChecks, locationDueChecks, readCheckPhotoOf, recordCheck } from './check-service';
import { changeLocationCheckPlans, changeOutlet, createOutlet, importOutlets, listLocationOutlets, readLocationCheckPlans, readOutlet, removeOutlet } from './outlet-service';

const ZIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
/** Room for the file plus its JSON wrapping. */
const IMPORT_BODY_LIMIT = 2 * OUTLET_CSV_MAX_BYTES;
const PLACE = '/customers/:customer/locations/:location';
const ZPhotoBytes = z.string().meta({ format: 'binary' });
const LINK_REFUSALS = 'validation.outletNameTaken on name, validation.nodeNotHere on eui, validation.channelUnknown on channelId, validation.samplePointNotHere or samplePointLinked on samplePointId';

/**
 * Outlets (docs/outlets.md): a location's outlet register, each outlet with the checks in force at it
 * and their due dates, and the location's check plans. Reading goes with the location; writing needs
 * editLocation or recordChecks.
 */
export async function outletRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  acceptCsvBodies(app, IMPORT_BODY_LIMIT);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `${PLACE}/outlets`,
    {
      schema: {
        operationId: 'GetLocationOutlets',
        tags: ['outlets'],
        summary: "A location's outlets by name, each with the checks in force at it and their next due dates",
        params: ZLocationParams,
        response: { 200: z.array(ZOutlet), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listLocationOutlets(db, currentUser(request), request.params.customer, request.params.location),
  );

  routes.post(
    `${PLACE}/outlets`,
    {
      schema: {
        operationId: 'PostLocationOutlet',
        tags: ['outlets'],
        summary: `Adds an outlet; 400 ${LINK_REFUSALS}`,
        params: ZLocationParams,
        body: ZOutletBody,
        response: { 201: ZOutlet, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await createOutlet(db, currentUser(request), request.params.customer, request.params.location, request.body)),
  );

  routes.post(
    `${PLACE}/outlets/import`,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        operationId: 'PostLocationOutletsImport',
        tags: ['outlets'],
        summary:
          'Adds outlets from a CSV file (text/csv body, or JSON { csv }; columns in docs/outlets.md) in one transaction; 400 errors.csvInvalid (unreadable, no rows) or errors.csvRow with params line and field and `fields` naming the column: nothing is imported',
        params: ZLocationParams,
        body: ZOutletCsvRequest,
        response: { 200: ZOutletImportReport, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => importOutlets(db, currentUser(request), request.params.customer, request.params.location, request.body.csv),
  );

  routes.get(
    '/outlets/:id',
    {
      schema: {
        operationId: 'GetOutlet',
        tags: ['outlets'],
        summary: "One outlet with the checks in force at it and their next due dates; 404 for an outlet outside the caller's customers",
        params: ZIdParams,
        response: { 200: ZOutlet, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readOutlet(db, currentUser(request), request.params.id),
  );

  routes.patch(
    '/outlets/:id',
    {
      schema: {
        operationId: 'PatchOutlet',
        tags: ['outlets'],
        summary: `Changes an outlet; eui null unlinks the node and its channel, samplePointId null the sample point; 400 ${LINK_REFUSALS}`,
        params: ZIdParams,
        body: ZOutletPatch,
        response: { 200: ZOutlet, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeOutlet(db, currentUser(request), request.params.id, request.body),
  );

  routes.delete(
    '/outlets/:id',
    {
      schema: {
        operationId: 'DeleteOutlet',
        tags: ['outlets'],
        summary: 'Deletes an outlet',
        params: ZIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeOutlet(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    `${PLACE}/check-plans`,
    {
      schema: {
        operationId: 'GetLocationCheckPlans',
        tags: ['outlets'],
        summary: "A location's check plans: per check the period in force (the rulebook's or the location's own), on or off, the running times, the source of the figures, how many outlets it applies to",
        params: ZLocationParams,
        response: { 200: ZLocationCheckPlans, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readLocationCheckPlans(db, currentUser(request), request.params.customer, request.params.location),
  );

  routes.patch(
    `${PLACE}/check-plans`,
    {
      schema: {
        operationId: 'PatchLocationCheckPlans',
        tags: ['outlets'],
        summary: "Overrides checks of a location's plans: { overrides: [{ check, off, period: { unit, count } | null }] }; checks not named stay; off false with period null is the rulebook's plan again",
        params: ZLocationParams,
        body: ZCheckPlansBody,
        response: { 200: ZLocationCheckPlans, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeLocationCheckPlans(db, currentUser(request), request.params.customer, request.params.location, request.body.overrides),
  );

  routes.post(
    `${PLACE}/checks`,
    {
      bodyLimit: CHECK_BODY_LIMIT,
      schema: {
        operationId: 'PostLocationCheck',
        tags: ['outlets'],
        summary:
          "Records a check at an outlet: done (with the reading where the check takes one) or not possible with a reason; judged by the rulebook's limit and running time, a deviation opening the outlet's checkDeviation alarm in the same transaction. 201 the check; 200 the check stored before when entryId was sent before. 400 validation.outletUnknown on outletId, validation.checkNotPlanned on check, validation.readingRequired on celsius, validation.reasonRequired on reason, validation.doneAtInFuture on doneAt; a photo (base64 or a data: URL): 413 errors.payloadTooLarge beyond 5 MiB, 400 validation.imageType (not JPEG, PNG or WebP by its bytes) or validation.base64 on photo",
        params: ZLocationParams,
        body: ZCheckBody,
        response: { 200: ZCheckRecord, 201: ZCheckRecord, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const { check, repeated } = await recordCheck(db, currentUser(request), request.params.customer, request.params.location, request.body);
      return reply.code(repeated ? 200 : 201).send(check);
    },
  );

  routes.get(
    `${PLACE}/checks`,
    {
      schema: {
        operationId: 'GetLocationChecks',
        tags: ['outlets'],
        summary: `A location's checks, newest first; filter outletId, page and limit; the header ${TOTAL_COUNT_HEADER} holds the number matching`,
        params: ZLocationParams,
        querystring: ZCheckListQuery,
        response: { 200: z.array(ZCheckRecord), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const page = await listLocationChecks(db, currentUser(request), request.params.customer, request.params.location, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  routes.get(
    '/checks/:id/photo',
    {
      schema: {
        operationId: 'GetCheckPhoto',
        tags: ['outlets'],
        summary: "The photo taken with a check (JPEG, PNG or WebP); for whoever may read the check's location (404 when it has none)",
        params: ZIdParams,
        response: { 200: { description: 'The photo', content: { 'image/jpeg': { schema: ZPhotoBytes }, 'image/png': { schema: ZPhotoBytes }, 'image/webp': { schema: ZPhotoBytes } } }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const photo = await readCheckPhotoOf(db, currentUser(request), request.params.id);
      return reply
        .type(photo.type)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(photo.bytes as never); // raw bytes: no schema applies to a Buffer
    },
  );

  routes.get(
    `${PLACE}/due-checks`,
    {
      schema: {
        operationId: 'GetLocationDueChecks',
        tags: ['outlets'],
        summary: "Every check in force at a location's outlets with its next due date, overdue first then soonest, and the counts per state; ?state= filters the rows",
        params: ZLocationParams,
        querystring: ZDueCheckQuery,
        response: { 200: ZDueChecks, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => locationDueChecks(db, currentUser(request), request.params.customer, request.params.location, request.query.state),
  );

  routes.get(
    '/dashboard/checks',
    {
      schema: {
        operationId: 'GetDashboardChecks',
        tags: ['dashboard'],
        summary: "Checks at outlets that are overdue or due, of the caller's customers or of one (?customer=), soonest first, with the counts and how many outlets there are",
        querystring: z.object({ customer: z.string().min(1).max(500).optional() }),
        response: { 200: ZDashboardChecks, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getDashboardChecks(db, currentUser(request), request.query.customer),
  );
}
