import { execFileSync } from 'node:child_process';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLogbookReport } from '@aquasmart/domain';
import { caller, insertCustomer, insertLocation, restrictUser } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { LOGBOOK_CUSTOMER, LOGBOOK_PERIOD, seedLogbookWorld } from './logbook.fixture';
import { createReportJobs } from './report-jobs';

/**
 * Reports made as jobs (docs/logbook.md, "Reports as jobs"): started, followed by their progress,
 * the report and its downloads once done, a user's own only, and bounded.
 */
const ctx = useTestContext();
const call = caller(ctx);
const tokens: Record<string, string> = {};
const customer = `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}`;

beforeEach(async () => {
  const db = ctx.database.db;
  const { customerId } = await seedLogbookWorld(db);
  await insertLocation(db, customerId, 'Bibliotheek');
  const otherId = await insertCustomer(db, 'Andere Klant');
  const klant = await ctx.createUser({ email: 'klant@example.com', password: 'Logbook-test-2026', rights: { dashboard: true } });
  await restrictUser(db, klant, [customerId]);
  const other = await ctx.createUser({ email: 'other@example.com', password: 'Logbook-test-2026', rights: { dashboard: true } });
  await restrictUser(db, other, [otherId]);
  for (const name of ['klant', 'other']) tokens[name] = await ctx.tokenFor(`${name}@example.com`);
});

async function finished(token: string, id: string) {
  for (let tries = 0; tries < 200; tries += 1) {
    const job = (await call(token, 'GET', `/logbook/jobs/${id}`)).json();
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

const sections = (report: TLogbookReport) => report.locations;

describe("a customer's report as a job", () => {
  it('202 with the job, then its progress per location and step, the same report as asked directly, and its PDF and CSV', async () => {
    const started = await call(tokens.klant, 'POST', `${customer}/logbook/jobs`, LOGBOOK_PERIOD);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ id: expect.any(String), status: 'running', report: null, error: null });
    // The same period asked again while it runs is the same job.
    const again = (await call(tokens.klant, 'POST', `${customer}/logbook/jobs`, LOGBOOK_PERIOD)).json();
    if (again.status === 'running') expect(again.id).toBe(started.json().id);

    const job = await finished(tokens.klant, started.json().id);
    // Two locations, each kept and read: four steps.
    expect(job).toMatchObject({ status: 'done', done: 4, total: 4, error: null });
    const direct = (await call(tokens.klant, 'GET', `${customer}/logbook?from=${LOGBOOK_PERIOD.from}&to=${LOGBOOK_PERIOD.to}`)).json();
    expect(sections(job.report)).toEqual(sections(direct));
    expect(job.report.locations.map((section: { location: { name: string } }) => section.location.name)).toEqual(['Bibliotheek', 'Sporthal Noord']);

    const pdf = await call(tokens.klant, 'GET', `/logbook/jobs/${job.id}/pdf?language=en`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf.rawPayload, encoding: 'utf8' })).toContain('Not issued (draft)');
    const csv = await call(tokens.klant, 'GET', `/logbook/jobs/${job.id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Sporthal Noord');
  });

  it("another user's job is a 404 like an unknown one; another customer cannot start one; a period in the future fails the job with the field", async () => {
    const { id } = (await call(tokens.klant, 'POST', `${customer}/logbook/jobs`, LOGBOOK_PERIOD)).json();
    expect((await call(tokens.other, 'GET', `/logbook/jobs/${id}`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'GET', `/logbook/jobs/${id}/pdf`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'POST', `${customer}/logbook/jobs`, LOGBOOK_PERIOD)).statusCode).toBe(404);
    expect((await call(tokens.klant, 'GET', '/logbook/jobs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(tokens.klant, 'GET', '/logbook/jobs/not-a-job')).statusCode).toBe(400);
    await finished(tokens.klant, id);

    const future = (await call(tokens.klant, 'POST', `${customer}/logbook/jobs`, { from: '2099-01-01', to: '2099-01-31' })).json();
    const failed = await finished(tokens.klant, future.id);
    expect(failed).toMatchObject({ status: 'failed', report: null, error: { status: 400, key: 'errors.badRequest', fields: { from: 'validation.periodInFuture' } } });
    expect((await call(tokens.klant, 'GET', `/logbook/jobs/${future.id}/pdf`)).statusCode).toBe(409);
  });
});

describe('the bounds on jobs (createReportJobs)', () => {
  const never = () => new Promise<TLogbookReport>(() => undefined);

  it('two running jobs per user and four per server copy, then 429 with the key; a finished one is kept for its downloads, then forgotten', async () => {
    let clock = 0;
    const jobs = createReportJobs({ now: () => clock, keepMs: 1000 });
    jobs.start(1, 'a', never);
    jobs.start(1, 'b', never);
    expect(() => jobs.start(1, 'c', never)).toThrow(expect.objectContaining({ statusCode: 429, key: 'errors.tooManyReports' }));
    jobs.start(2, 'a', never);
    jobs.start(3, 'a', never);
    expect(() => jobs.start(4, 'a', never)).toThrow(expect.objectContaining({ statusCode: 429, key: 'errors.reportsBusy' }));

    const quick = createReportJobs({ now: () => clock, keepMs: 1000 });
    const report = { scope: 'customer' } as TLogbookReport;
    const { id } = quick.start(1, 'a', (progress) => {
      progress(1, 1);
      return Promise.resolve(report);
    });
    await vi.waitFor(() => expect(quick.get(1, id)).toMatchObject({ status: 'done', done: 1, total: 1, report }));
    expect(quick.report(1, id)).toBe(report);
    clock = 1001;
    expect(() => quick.get(1, id)).toThrow(expect.objectContaining({ statusCode: 404 }));
  });

  it('an unexpected failure is logged and answered as errors.internal', async () => {
    const unexpected = vi.fn();
    const jobs = createReportJobs({ onUnexpected: unexpected });
    const { id } = jobs.start(1, 'a', () => Promise.reject(new Error('connection reset')));
    await vi.waitFor(() => expect(jobs.get(1, id)).toMatchObject({ status: 'failed', error: { status: 500, key: 'errors.internal', fields: {} } }));
    expect(unexpected).toHaveBeenCalledWith(expect.objectContaining({ message: 'connection reset' }));
  });
});
