import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR, ZLogbookVerification, ZLogbookVerifyBody, ZPublicLogbookVerification } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { reportFileName, requireIssued } from './logbook-service';
import { issuedJson, verifyForUser, verifyPublicly } from './verify-service';

/** The largest file verification reads: an issued PDF of a big customer's year is a few MB. */
export const VERIFY_MAX_BYTES = 32 * 1024 * 1024;
/** What a file is sent as: its bytes, any of these types (the browser sends a PDF as application/pdf). */
const FILE_TYPES = ['application/octet-stream', 'application/pdf', 'text/csv'];

const ZNumberParams = z.object({ number: z.string().min(1).max(40) });
const VERIFY_BODY = `Either JSON { sha256 } or the file itself (${FILE_TYPES.join(', ')}; at most ${VERIFY_MAX_BYTES / 1024 / 1024} MB), which is hashed as it arrives and not kept`;

/**
 * The issued report's JSON as a download, and verification of a file someone hands over
 * (docs/logbook.md, "Verifying a file"). A file body is hashed as it streams in, into the same
 * `{ sha256 }` a JSON body gives, so both routes take either.
 */
export async function logbookVerifyRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  app.addContentTypeParser(FILE_TYPES, (request, payload, done) => {
    if (request.routeOptions.url?.endsWith('/verify/public')) {
      // Without an account only a hash is taken: nobody unknown streams megabytes into the portal.
      done(new ApiError(415, ERROR.badRequest, 'Send { "sha256": "…" } here (sha256sum of the file); files are verified after signing in'));
      payload.resume();
      return;
    }
    const hash = createHash('sha256');
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: { sha256: string }) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > VERIFY_MAX_BYTES) {
        finish(new ApiError(413, ERROR.payloadTooLarge, `A file to verify is at most ${VERIFY_MAX_BYTES} bytes`));
        payload.resume(); // drain the rest without hashing it
        return;
      }
      if (!finished) hash.update(chunk);
    });
    payload.on('end', () => finish(null, { sha256: hash.digest('hex') }));
    payload.on('error', (error) => finish(error));
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/logbook/issued/:number/json',
    {
      schema: {
        operationId: 'GetIssuedLogbookJson',
        tags: ['logbook'],
        summary: "An issued logbook report's JSON: the canonical JSON (keys sorted, no spaces) of its content, whose SHA-256 is the report's sha256, printed in the PDF's footer",
        params: ZNumberParams,
        response: {
          200: { description: 'The report as canonical JSON', content: { 'application/json': { schema: z.string().meta({ format: 'binary' }) } } },
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const found = await requireIssued(db, currentUser(request), request.params.number);
      return (reply as FastifyReply) // raw bytes: no schema applies
        .type('application/json; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${reportFileName(found.report, 'json')}"`)
        .send(Buffer.from(issuedJson(found.report), 'utf8')); // the bytes themselves: no serializer touches them
    },
  );

  routes.post(
    '/logbook/verify',
    {
      schema: {
        operationId: 'PostLogbookVerify',
        tags: ['logbook'],
        summary: `Which issued report a file (PDF, CSV or JSON as issued) or SHA-256 is, among those of the user's customers. ${VERIFY_BODY}. Another customer's report is answered like an unknown file (known: false)`,
        body: ZLogbookVerifyBody,
        response: { 200: ZLogbookVerification, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => verifyForUser(db, currentUser(request), request.body.sha256),
  );

  routes.post(
    '/logbook/verify/public',
    {
      config: { public: true },
      schema: {
        operationId: 'PostPublicLogbookVerify',
        tags: ['logbook'],
        summary: 'Without an account (an inspector): whether a SHA-256 (`sha256sum` of the PDF, CSV or JSON) is of a report this portal issued, with its number, period, issue time and whether it was superseded; nothing about the customer. JSON { sha256 } only: a file body is 415',
        body: ZLogbookVerifyBody,
        response: { 200: ZPublicLogbookVerification, ...errorResponses(400, 415) },
      },
    },
    async (request) => verifyPublicly(db, request.body.sha256),
  );
}
