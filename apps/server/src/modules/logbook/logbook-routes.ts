import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZIssuedLogbookReport,
  ZIssueLogbookReportBody,
  ZLogbookPeriodQuery,
  ZLogbookReport,
  ZLogbookReportJob,
  ZLogbookReportLanguage,
  type TLogbookReport,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponse, errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { ZCustomerParams, ZLocationParams } from '../places/place-params';
import {
  customerSubject,
  issueReport,
  listIssued,
  locationSubject,
  makeReport,
  reportFileName,
  requireIssued,
  type TLogbookLanguage,
  type TLogbookRenderers,
  type TReportReads,
} from './logbook-service';
import { LOGBOOK_ISSUE_LIMITS, withinIssueLimits } from './issue-limit';
import { prepareSignOff } from './logbook-sign-off';
import { createReportJobs } from './report-jobs';

const ZDownloadQuery = ZLogbookPeriodQuery.extend({ language: ZLogbookReportLanguage.optional() });
const ZNumberParams = z.object({ number: z.string().min(1).max(40) });
const ZJobParams = z.object({ id: z.uuid() });
/** `original=1`: a superseded report's PDF as issued, not the re-render that marks it superseded. */
const ZIssuedPdfQuery = z.object({ original: z.enum(['0', '1']).optional() });
const ZBytes = z.string().meta({ format: 'binary' });
const PDF_RESPONSE = { description: 'The report as PDF (A4)', content: { 'application/pdf': { schema: ZBytes } } };
const CSV_RESPONSE = { description: 'The report as CSV (semicolons)', content: { 'text/csv': { schema: ZBytes } } };
const ERRORS = errorResponses(400, 401, 403, 404);
const ISSUE_LIMITED = errorResponse(
  `errors.logbookIssueInProgress: this user's issue of this logbook is still running; errors.tooManyLogbookIssues: ${LOGBOOK_ISSUE_LIMITS.max} issues per user and logbook in ${LOGBOOK_ISSUE_LIMITS.windowSeconds / 3600} hours; errors.tooManyReports / errors.reportsBusy: too many reports being made by the caller or the server (plugins/heavy-request-limit.ts). Retry-After says when to ask again`,
);
/** Built and rendered for seconds: bounded per user and server (plugins/heavy-request-limit.ts). */
const HEAVY = { heavy: true } as const;

function send(reply: FastifyReply, kind: 'pdf' | 'csv', body: Buffer | string, fileName: string) {
  return reply
    .type(kind === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body); // raw bytes: no schema applies
}

/**
 * The legionella logbook (docs/logbook.md): a report of a location or a whole customer over a
 * period, as JSON (the screen's preview), PDF and CSV; issuing registers a report with its bytes.
 * Everyone who may see the location or customer may read and issue (customer scope, 404 otherwise).
 */
export async function logbookRoutes(app: FastifyInstance, { db, renderers, reads }: { db: TDb; renderers: TLogbookRenderers; reads: TReportReads }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const jobs = createReportJobs({ onUnexpected: (error) => app.log.error({ err: error }, 'logbook report job failed') });
  /** The language asked for, else the user's (German for a user whose language is 'de'; Dutch for anything unknown). */
  const languageOf = (asked: TLogbookLanguage | undefined, user: { language: string }): TLogbookLanguage =>
    asked ?? (user.language === 'en' || user.language === 'de' ? user.language : 'nl');

  const scopes = [
    {
      name: 'Location',
      path: '/customers/:customer/locations/:location/logbook',
      params: ZLocationParams,
      subject: (request: { params: Record<string, string> }, user: Parameters<typeof locationSubject>[1]) =>
        locationSubject(db, user, request.params.customer, request.params.location),
    },
    {
      name: 'Customer',
      path: '/customers/:customer/logbook',
      params: ZCustomerParams,
      subject: (request: { params: Record<string, string> }, user: Parameters<typeof customerSubject>[1]) => customerSubject(db, user, request.params.customer),
    },
  ] as const;

  for (const scope of scopes) {
    const what = scope.name === 'Location' ? "a location's" : "a customer's (every location)";
    routes.get(
      scope.path,
      {
        config: HEAVY,
        schema: {
          operationId: `Get${scope.name}Logbook`,
          tags: ['logbook'],
          summary: `The logbook report of ${what} over a period (local dates, both included)`,
          params: scope.params,
          querystring: ZLogbookPeriodQuery,
          response: { 200: ZLogbookReport, ...ERRORS },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return makeReport(db, await scope.subject(request, user), request.query, user.email, new Date(), reads);
      },
    );

    for (const kind of ['pdf', 'csv'] as const) {
      routes.get(
        `${scope.path}/${kind}`,
        {
          config: HEAVY,
          schema: {
            operationId: `Get${scope.name}Logbook${kind === 'pdf' ? 'Pdf' : 'Csv'}`,
            tags: ['logbook'],
            summary: `The logbook report of ${what} as ${kind.toUpperCase()} (not issued: marked as a concept)`,
            params: scope.params,
            querystring: ZDownloadQuery,
            response: { 200: kind === 'pdf' ? PDF_RESPONSE : CSV_RESPONSE, ...ERRORS },
          },
        },
        async (request, reply) => {
          const user = currentUser(request);
          const report: TLogbookReport = await makeReport(db, await scope.subject(request, user), request.query, user.email, new Date(), reads);
          const language = languageOf(request.query.language, user);
          const body = kind === 'pdf' ? await renderers.pdf(report, language) : await renderers.csv(report, language);
          return send(reply, kind, body, reportFileName(report, kind));
        },
      );
    }

    routes.post(
      `${scope.path}/jobs`,
      {
        schema: {
          operationId: `Start${scope.name}LogbookJob`,
          tags: ['logbook'],
          summary: `Makes the logbook report of ${what} as a job (a customer's year: docs/logbook.md, "Reports as jobs"): 202 with the job; GET /logbook/jobs/{id} for its progress and the report. The same period asked again while it runs is the same job`,
          params: scope.params,
          body: ZLogbookPeriodQuery,
          response: { 202: ZLogbookReportJob, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const subject = await scope.subject(request, user);
        const period = { from: request.body.from, to: request.body.to };
        const key = `${subject.scope}:${subject.customer.id}:${subject.scope === 'location' ? subject.location.id : ''}:${period.from}:${period.to}`;
        const job = jobs.start(user.id, key, (progress) => makeReport(db, subject, period, user.email, new Date(), reads, false, progress));
        return reply.code(202).send(job);
      },
    );

    routes.get(
      `${scope.path}/issued`,
      {
        schema: {
          operationId: `Get${scope.name}IssuedLogbooks`,
          tags: ['logbook'],
          summary: `Issued logbook reports of ${what}, newest first`,
          params: scope.params,
          response: { 200: z.array(ZIssuedLogbookReport), ...ERRORS },
        },
      },
      async (request) => listIssued(db, await scope.subject(request, currentUser(request))),
    );

    routes.post(
      `${scope.path}/issued`,
      {
        config: HEAVY,
        schema: {
          operationId: `Post${scope.name}IssuedLogbook`,
          tags: ['logbook'],
          summary: `Sign and issue (register) the logbook report of ${what}: numbered, hashed, its PDF and CSV stored. Only an ended period (validation.periodNotEnded on to); the signer (signLogbook) confirms the statement (statement: true) and gives a role; a second issue of the same period supersedes the first and needs a reason (validation.supersedeReasonRequired); 409 errors.logbookIssuedMeanwhile when another issue of the period won the race`,
          params: scope.params,
          body: ZIssueLogbookReportBody,
          response: { 201: ZIssuedLogbookReport, ...ERRORS, ...errorResponses(409), 429: ISSUE_LIMITED },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const subject = await scope.subject(request, user);
        const { from, to, language } = request.body;
        const now = new Date();
        const subjectKey = subject.scope === 'location' ? (`l:${subject.location.id}` as const) : (`c:${subject.customer.id}` as const);
        const issued = await withinIssueLimits(db, user.id, subjectKey, async () => {
          const signOff = await prepareSignOff(db, subject, user, { from, to }, request.body, languageOf(language, user), now);
          return issueReport(db, renderers, subject, { from, to }, languageOf(language, user), user.email, now, reads, signOff);
        });
        return reply.code(201).send(issued);
      },
    );
  }

  routes.get(
    '/logbook/issued/:number',
    {
      schema: {
        operationId: 'GetIssuedLogbook',
        tags: ['logbook'],
        summary: 'An issued logbook report: its register entry (hashes to verify a copy against)',
        params: ZNumberParams,
        response: { 200: ZIssuedLogbookReport, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => (await requireIssued(db, currentUser(request), request.params.number)).issued,
  );

  for (const kind of ['pdf', 'csv'] as const) {
    routes.get(
      `/logbook/issued/:number/${kind}`,
      {
        // A superseded report's PDF is rendered again (seconds of layout): bounded like the other reports.
        config: HEAVY,
        schema: {
          operationId: kind === 'pdf' ? 'GetIssuedLogbookPdf' : 'GetIssuedLogbookCsv',
          tags: ['logbook'],
          summary:
            kind === 'pdf'
              ? "An issued logbook report's PDF, byte for byte as issued; for a superseded report a re-render of its stored JSON that says on every page by which report, when, by whom and why (original=1: the bytes as issued)"
              : "An issued logbook report's CSV, byte for byte as issued",
          params: ZNumberParams,
          querystring: ZIssuedPdfQuery,
          response: { 200: kind === 'pdf' ? PDF_RESPONSE : CSV_RESPONSE, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const found = await requireIssued(db, currentUser(request), request.params.number);
        if (kind === 'csv') return send(reply, kind, found.csv, reportFileName(found.report, kind));
        const superseded = found.issued.supersededBy;
        // The re-render is signed like the issued file, so a reader shows it unchanged since the portal marked it.
        const pdf = superseded && request.query.original !== '1' ? (await renderers.signedPdf(found.report, found.issued.language, { superseded })).pdf : found.pdf;
        return send(reply, kind, pdf, reportFileName(found.report, kind));
      },
    );
  }

  routes.get(
    '/logbook/jobs/:id',
    {
      schema: {
        operationId: 'GetLogbookJob',
        tags: ['logbook'],
        summary: "A logbook report job of the user: its status and progress (steps done of total), the report once done, the error's key once failed. Another user's job, or one of another server copy or before a restart, is a 404: start it again",
        params: ZJobParams,
        response: { 200: ZLogbookReportJob, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => jobs.get(currentUser(request).id, request.params.id),
  );

  for (const kind of ['pdf', 'csv'] as const) {
    routes.get(
      `/logbook/jobs/:id/${kind}`,
      {
        config: HEAVY,
        schema: {
          operationId: kind === 'pdf' ? 'GetLogbookJobPdf' : 'GetLogbookJobCsv',
          tags: ['logbook'],
          summary: `A finished job's report as ${kind.toUpperCase()} (not issued: marked as a concept), rendered from the job's report; 409 while it runs`,
          params: ZJobParams,
          querystring: z.object({ language: ZLogbookReportLanguage.optional() }),
          response: { 200: kind === 'pdf' ? PDF_RESPONSE : CSV_RESPONSE, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const report = jobs.report(user.id, request.params.id);
        const language = languageOf(request.query.language, user);
        const body = kind === 'pdf' ? await renderers.pdf(report, language) : await renderers.csv(report, language);
        return send(reply, kind, body, reportFileName(report, kind));
      },
    );
  }
}
