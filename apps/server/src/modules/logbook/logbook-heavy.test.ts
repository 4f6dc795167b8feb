import { execFileSync } from 'node:child_process';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR } from '@aquasmart/domain';
import { createWorkerPool } from '../../lib/worker-pool';
import { caller, restrictUser } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { LOGBOOK_CUSTOMER, LOGBOOK_LOCATION, LOGBOOK_PERIOD, seedLogbookWorld } from './logbook.fixture';
import { renderLogbookPdf } from './report-pdf';
import { threadedLogbookRenderers } from './report-renderers';
import { logbookSigner } from './report-signature';
import { customerReport, locationReport } from './report.fixture';

/**
 * Heavy requests cannot stall the portal (docs/operations-limits.md, "Heavy reports"): PDFs are laid
 * out on a worker thread while the event loop goes on answering, and reports and label sheets are
 * bounded per user and in total (small bounds here: 2 per user, 3 in all) with 429 and Retry-After.
 */
const ctx = useTestContext({ heavyRequests: { perUser: 2, total: 3, retryAfterSeconds: 5 } });
const call = caller(ctx);
const tokens: Record<string, string> = {};
const place = `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}/locations/${encodeURIComponent(LOGBOOK_LOCATION)}`;
const pdfUrl = `${place}/logbook/pdf?from=${LOGBOOK_PERIOD.from}&to=${LOGBOOK_PERIOD.to}&language=nl`;
const pool = createWorkerPool({ threads: 1 });
afterAll(() => pool.close());

beforeEach(async () => {
  const { customerId } = await seedLogbookWorld(ctx.database.db);
  await ctx.createUser({ email: 'admin@example.com', password: 'Logbook-test-2026', administrator: true });
  const klant = await ctx.createUser({ email: 'klant@example.com', password: 'Logbook-test-2026', rights: { dashboard: true } });
  await restrictUser(ctx.database.db, klant, [customerId]);
  for (const name of ['admin', 'klant']) tokens[name] = await ctx.tokenFor(`${name}@example.com`);
});

const statuses = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode).sort();

describe('heavy requests', () => {
  it('a PDF is laid out on a worker thread: /healthz answers all along, and the bytes are those of the main thread', async () => {
    const renderers = threadedLogbookRenderers(pool, logbookSigner(ctx.database.system, { name: 'Aquasmart Portal' }));
    // The same bytes as on the main thread: the PDF depends on the report and language only.
    const threaded = await renderers.pdf(locationReport, 'nl');
    expect(Buffer.compare(threaded, await renderLogbookPdf(locationReport, 'nl'))).toBe(0);
    expect(execFileSync('pdftotext', ['-', '-'], { input: threaded, encoding: 'utf8' })).toContain('Legionellalogboek');

    // Two copies of the customer report: a second or more of layout, which on the main thread answers nothing meanwhile.
    const heavy = { ...customerReport, locations: [1, 2].flatMap((copy) => customerReport.locations.map((section) => ({ ...section, location: { ...section.location, name: `${section.location.name} ${copy}` } }))) };
    let rendered = false;
    const rendering = renderers.pdf(heavy, 'en').then((pdf) => {
      rendered = true;
      return pdf;
    });
    let answered = 0;
    while (!rendered) {
      // A turn of the loop between requests, as between sockets: the worker's answer is such a turn.
      await new Promise((resolve) => setImmediate(resolve));
      const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      if (!rendered) answered += 1;
    }
    expect((await rendering).subarray(0, 5).toString()).toBe('%PDF-');
    expect(answered).toBeGreaterThanOrEqual(5);
  });

  it('a user with 2 reports in flight gets 429 errors.tooManyReports with Retry-After, for a PDF and a label sheet alike', async () => {
    const labels = `/devices/labels?customer=${encodeURIComponent(LOGBOOK_CUSTOMER)}&location=${encodeURIComponent(LOGBOOK_LOCATION)}`;
    const responses = await Promise.all([call(tokens.klant, 'GET', pdfUrl), call(tokens.klant, 'GET', pdfUrl), call(tokens.klant, 'GET', pdfUrl), call(tokens.klant, 'GET', labels)]);
    expect(statuses(responses)).toEqual([200, 200, 429, 429]);
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ statusCode: 429, key: ERROR.tooManyReports, params: { max: 2 } });
    }
    // Their places are free again once answered.
    expect((await call(tokens.klant, 'GET', pdfUrl)).statusCode).toBe(200);
  });

  it('beyond 3 in flight for the whole server the next one is 429 errors.reportsBusy, whoever asks', async () => {
    const responses = await Promise.all([call(tokens.klant, 'GET', pdfUrl), call(tokens.admin, 'GET', pdfUrl), call(tokens.klant, 'GET', pdfUrl), call(tokens.admin, 'GET', pdfUrl)]);
    expect(statuses(responses)).toEqual([200, 200, 200, 429]);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ key: ERROR.reportsBusy, params: { max: 3 } });
    expect((await call(tokens.admin, 'GET', pdfUrl)).statusCode).toBe(200);
  });

  it('the OpenAPI document names the 429 of the heavy routes', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths['/api/v1/customers/{customer}/locations/{location}/logbook/pdf'].get.responses)).toContain('429');
    expect(Object.keys(document.paths['/api/v1/devices/labels'].get.responses)).toContain('429');
  });
});
