import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SAMPLING_CSV_MAX_BYTES,
  TOTAL_COUNT_HEADER,
  ZSamplePoint,
  ZSamplePointBody,
  ZSamplePointImportReport,
  ZSamplePointPatch,
  ZSampleResult,
  ZSampleResultBody,
  ZSampleResultImportReport,
  ZSampleResultListQuery,
  ZSampleReportInput,
  ZSamplingCsvRequest,
  ZSampleResultsImportRequest,
  ZSamplingPlan,
  ZSamplingPlanPatch,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { ZLocationParams } from '../places/place-params';
import { changeLocationPlan, changePoint, createPoint, importPoints, listLocationPoints, readLocationPlan, removePoint } from './sample-point-service';
import { attachReport, enterResult, importResults, listLocationResults, readResult, readResultReport } from './sample-result-service';
import { acceptCsvBodies } from './sampling-csv';
import { attachmentDisposition, SAMPLE_REPORT_BODY_LIMIT } from './sample-report';

const ZIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
/** Room for the file plus its JSON wrapping. */
const IMPORT_BODY_LIMIT = 2 * SAMPLING_CSV_MAX_BYTES;
const PLACE = '/customers/:customer/locations/:location';
const ZPdfBytes = z.string().meta({ format: 'binary' });
const REPORT_REFUSAL = "413 errors.payloadTooLarge beyond 10 MiB, 400 validation.pdfType when the bytes do not begin with %PDF- (whatever the name or a data: URL's type says)";
const CSV_REFUSAL = '400 errors.csvInvalid (unreadable, no rows) or errors.csvRow with params line and field and `fields` naming the column: nothing is imported';

/**
 * Sampling (docs/sampling.md): a location's sample points and plan, laboratory results by hand or
 * from the lab's CSV, each with its verdict, legal step and prepared notification. Reading goes with
 * the location; the points and plan need editLocation or enterSampleResults, results enterSampleResults.
 */
export async function samplingRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  acceptCsvBodies(app, IMPORT_BODY_LIMIT);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `${PLACE}/sample-points`,
    {
      schema: {
        operationId: 'GetLocationSamplePoints',
        tags: ['sampling'],
        summary: "A location's sample points, priority points first, each with its due dates and latest result",
        params: ZLocationParams,
        response: { 200: z.array(ZSamplePoint), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listLocationPoints(db, currentUser(request), request.params.customer, request.params.location),
  );

  routes.post(
    `${PLACE}/sample-points`,
    {
      schema: {
        operationId: 'PostLocationSamplePoint',
        tags: ['sampling'],
        summary: 'Adds a sample point; 400 validation.samplePointNameTaken on name, validation.nodeNotHere on eui, validation.channelUnknown on channelId',
        params: ZLocationParams,
        body: ZSamplePointBody,
        response: { 201: ZSamplePoint, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await createPoint(db, currentUser(request), request.params.customer, request.params.location, request.body)),
  );

  routes.post(
    `${PLACE}/sample-points/import`,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        operationId: 'PostLocationSamplePointsImport',
        tags: ['sampling'],
        summary: `Adds sample points from a CSV file (text/csv body, or JSON { csv }; columns in docs/sampling.md); ${CSV_REFUSAL}`,
        params: ZLocationParams,
        body: ZSamplingCsvRequest,
        response: { 200: ZSamplePointImportReport, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => importPoints(db, currentUser(request), request.params.customer, request.params.location, request.body.csv),
  );

  routes.patch(
    '/sample-points/:id',
    {
      schema: {
        operationId: 'PatchSamplePoint',
        tags: ['sampling'],
        summary: 'Changes a sample point (name, role, priority, node link; eui null unlinks the node and its channel)',
        params: ZIdParams,
        body: ZSamplePointPatch,
        response: { 200: ZSamplePoint, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changePoint(db, currentUser(request), request.params.id, request.body),
  );

  routes.delete(
    '/sample-points/:id',
    {
      schema: {
        operationId: 'DeleteSamplePoint',
        tags: ['sampling'],
        summary: 'Deletes a sample point without results (409 errors.samplePointHasResults otherwise)',
        params: ZIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removePoint(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    `${PLACE}/sampling-plan`,
    {
      schema: {
        operationId: 'GetLocationSamplingPlan',
        tags: ['sampling'],
        summary: "A location's sampling plan: its own settings, the interval and re-sample time in force, NL's points by taps",
        params: ZLocationParams,
        response: { 200: ZSamplingPlan, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readLocationPlan(db, currentUser(request), request.params.customer, request.params.location),
  );

  routes.patch(
    `${PLACE}/sampling-plan`,
    {
      schema: {
        operationId: 'PatchLocationSamplingPlan',
        tags: ['sampling'],
        summary: "Changes a location's sampling plan; a field set to null takes the rulebook's default again",
        params: ZLocationParams,
        body: ZSamplingPlanPatch,
        response: { 200: ZSamplingPlan, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeLocationPlan(db, currentUser(request), request.params.customer, request.params.location, request.body),
  );

  routes.get(
    `${PLACE}/sample-results`,
    {
      schema: {
        operationId: 'GetLocationSampleResults',
        tags: ['sampling'],
        summary: `A location's laboratory results, newest sampling first; filters samplePointId and verdict, page and limit; the header ${TOTAL_COUNT_HEADER} holds the number matching`,
        params: ZLocationParams,
        querystring: ZSampleResultListQuery,
        response: { 200: z.array(ZSampleResult), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const page = await listLocationResults(db, currentUser(request), request.params.customer, request.params.location, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  routes.post(
    `${PLACE}/sample-results`,
    {
      bodyLimit: SAMPLE_REPORT_BODY_LIMIT,
      schema: {
        operationId: 'PostLocationSampleResult',
        tags: ['sampling'],
        summary:
          'Enters a laboratory result: judged by the rulebook, an alarm opened (or joined) at or above the threshold in the same transaction, the notification prepared. 400 validation.samplePointUnknown on samplePointId, validation.sampleIdTaken on sampleId, validation.takenAtInFuture on takenAt; the lab\'s PDF optionally as report { name, data } (base64): ' +
          REPORT_REFUSAL +
          ' on report.data',
        params: ZLocationParams,
        body: ZSampleResultBody,
        response: { 201: ZSampleResult, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => reply.code(201).send(await enterResult(db, currentUser(request), request.params.customer, request.params.location, request.body)),
  );

  routes.post(
    `${PLACE}/sample-results/import`,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        operationId: 'PostLocationSampleResultsImport',
        tags: ['sampling'],
        summary: `Imports a lab's CSV (text/csv body, or JSON { csv, mapping? }; columns in docs/sampling.md; mapping: our field -> their header, 400 on mapping.<field> with validation.mappingFieldUnknown, mappingHeaderMissing or mappingHeaderTwice) in one transaction; ${CSV_REFUSAL}`,
        params: ZLocationParams,
        body: ZSampleResultsImportRequest,
        response: { 200: ZSampleResultImportReport, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => importResults(db, currentUser(request), request.params.customer, request.params.location, request.body.csv, request.body.mapping),
  );

  routes.get(
    '/sample-results/:id',
    {
      schema: {
        operationId: 'GetSampleResult',
        tags: ['sampling'],
        summary: 'One laboratory result with its verdict, legal step, alarm, re-sample date and the prepared notification (nl, en, de)',
        params: ZIdParams,
        response: { 200: ZSampleResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readResult(db, currentUser(request), request.params.id),
  );

  routes.post(
    '/sample-results/:id/report',
    {
      bodyLimit: SAMPLE_REPORT_BODY_LIMIT,
      schema: {
        operationId: 'PostSampleResultReport',
        tags: ['sampling'],
        summary: `Attaches the lab's PDF ({ name, data } in base64 or a data: URL) to a result entered before; ${REPORT_REFUSAL} on data; 409 errors.sampleReportAttached when it has one (it is not replaced)`,
        params: ZIdParams,
        body: ZSampleReportInput,
        response: { 201: ZSampleResult, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => reply.code(201).send(await attachReport(db, currentUser(request), request.params.id, request.body)),
  );

  routes.get(
    '/sample-results/:id/report',
    {
      schema: {
        operationId: 'GetSampleResultReport',
        tags: ['sampling'],
        summary: "The lab's PDF of a result, as a download; for whoever may read the result (404 when it has none)",
        params: ZIdParams,
        response: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: ZPdfBytes } } }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const report = await readResultReport(db, currentUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', attachmentDisposition(report.name))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(report.bytes as never); // raw bytes: no schema applies to a Buffer
    },
  );
}
