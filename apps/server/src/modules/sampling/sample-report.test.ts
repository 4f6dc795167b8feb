import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_REPORT_MAX_BYTES, type TSamplePoint, type TSampleResult } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { caller, insertCustomer, insertLocation } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { signInSamplingUsers, type TSamplingTokens } from './sampling.fixture';

/**
 * The lab's PDF of a result (docs/sampling.md, "The lab's PDF"): with the result or after it,
 * at most 10 MiB, a PDF by its bytes, downloaded by whoever may read the result, never replaced.
 */
const ctx = useTestContext();
const call = caller(ctx);
let tokens: TSamplingTokens;

const PLACE = `/customers/${encodeURIComponent('Zorggroep West')}/locations/${encodeURIComponent('Huize Zonneveld')}`;
const OTHER_PLACE = `/customers/${encodeURIComponent('Andere Klant')}/locations/Elders`;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const base64 = (bytes: Buffer) => bytes.toString('base64');

beforeEach(async () => {
  const db = ctx.database.db;
  const customerId = await insertCustomer(db, 'Zorggroep West');
  await insertLocation(db, customerId, 'Huize Zonneveld');
  const otherId = await insertCustomer(db, 'Andere Klant');
  await insertLocation(db, otherId, 'Elders');
  tokens = await signInSamplingUsers(ctx, customerId, otherId);
});

async function point(token: string, place = PLACE): Promise<TSamplePoint> {
  const answer = await call(token, 'POST', `${place}/sample-points`, { name: 'Douche', role: 'hot' });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const result = (samplePointId: number, sampleId: string, extra: Record<string, unknown> = {}) => ({
  samplePointId,
  sampleId,
  takenAt: '2026-03-31T09:15:00+02:00',
  lab: 'Lab Noord',
  counts: [{ count: 40, unit: 'kve/l' }],
  ...extra,
});

const stored = async (table: 'sample_results' | 'sample_result_reports') => (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0].n;

describe("the lab's PDF", () => {
  it('comes with a result, is listed with it and downloads as it was sent', async () => {
    const douche = await point(tokens.klant);
    const answer = await call(tokens.klant, 'POST', `${PLACE}/sample-results`, result(douche.id, 'M-1', { report: { name: 'Rapport M-1 (Lab Noord).pdf', data: base64(PDF) } }));
    expect(answer.statusCode, answer.body).toBe(201);
    const entered = answer.json<TSampleResult>();
    expect(entered.report).toMatchObject({ name: 'Rapport M-1 (Lab Noord).pdf', size: PDF.length, uploadedBy: 'klant@example.com', url: `/sample-results/${entered.id}/report` });
    const [listed] = (await call(tokens.reader, 'GET', `${PLACE}/sample-results`)).json<TSampleResult[]>();
    expect(listed.report).toEqual(entered.report);
    // The list never carries the bytes.
    expect(JSON.stringify(listed)).not.toContain(base64(PDF));

    const download = await call(tokens.reader, 'GET', entered.report!.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Rapport M-1 (Lab Noord).pdf"; filename*=UTF-8''Rapport%20M-1%20%28Lab%20Noord%29.pdf`);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('comes after a result (a data: URL too, its declared type ignored) and is not replaced', async () => {
    const douche = await point(tokens.klant);
    const entered = (await call(tokens.klant, 'POST', `${PLACE}/sample-results`, result(douche.id, 'M-1'))).json<TSampleResult>();
    expect(entered.report).toBeNull();
    expect((await call(tokens.reader, 'GET', `/sample-results/${entered.id}/report`)).json()).toMatchObject({ statusCode: 404 });
    const attached = await call(tokens.klant, 'POST', `/sample-results/${entered.id}/report`, { name: 'Überprüfung.pdf', data: `data:application/octet-stream;base64,${base64(PDF)}` });
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json<TSampleResult>()).toMatchObject({ id: entered.id, sampleId: 'M-1', report: { name: 'Überprüfung.pdf', size: PDF.length } });
    const download = await call(tokens.klant, 'GET', `/sample-results/${entered.id}/report`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="_berpr_fung.pdf"; filename*=UTF-8''%C3%9Cberpr%C3%BCfung.pdf`);
    const again = await call(tokens.klant, 'POST', `/sample-results/${entered.id}/report`, { name: 'ander.pdf', data: base64(PDF) });
    expect(again.json()).toMatchObject({ statusCode: 409, key: 'errors.sampleReportAttached' });
    expect((await call(tokens.klant, 'GET', `/sample-results/${entered.id}`)).json<TSampleResult>().report?.name).toBe('Überprüfung.pdf');
  });

  it('refuses more than 10 MiB with 413 on its field, and the result with it', async () => {
    const douche = await point(tokens.klant);
    const big = Buffer.alloc(SAMPLE_REPORT_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const refused = await call(tokens.klant, 'POST', `${PLACE}/sample-results`, result(douche.id, 'M-1', { report: { name: 'groot.pdf', data: base64(big) } }));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ key: 'errors.payloadTooLarge', fields: { 'report.data': 'errors.payloadTooLarge' }, params: { max: SAMPLE_REPORT_MAX_BYTES, size: SAMPLE_REPORT_MAX_BYTES + 1 } });
    expect(await stored('sample_results')).toBe(0);
    // Exactly 10 MiB is taken.
    const entered = (await call(tokens.klant, 'POST', `${PLACE}/sample-results`, result(douche.id, 'M-2'))).json<TSampleResult>();
    const limit = big.subarray(0, SAMPLE_REPORT_MAX_BYTES);
    const attached = await call(tokens.klant, 'POST', `/sample-results/${entered.id}/report`, { name: 'precies.pdf', data: base64(limit) });
    expect(attached.statusCode, attached.body.slice(0, 300)).toBe(201);
    expect(attached.json<TSampleResult>().report?.size).toBe(SAMPLE_REPORT_MAX_BYTES);
  });

  it.each([
    ['a PNG named .pdf', { name: 'rapport.pdf', data: base64(PNG) }, 'validation.pdfType'],
    ['text declared as a PDF', { name: 'rapport.pdf', data: `data:application/pdf;base64,${base64(Buffer.from('just some text'))}` }, 'validation.pdfType'],
    ['no base64', { name: 'rapport.pdf', data: '%%% not base64' }, 'validation.pdfData'],
  ])('refuses %s by its bytes', async (_name, report, key) => {
    const douche = await point(tokens.klant);
    const withResult = await call(tokens.klant, 'POST', `${PLACE}/sample-results`, result(douche.id, 'M-1', { report }));
    expect(withResult.json()).toMatchObject({ statusCode: 400, fields: { 'report.data': key } });
    expect(await stored('sample_results')).toBe(0);
    const entered = (await call(tokens.klant, 'POST', `${PLACE}/sample-results`, result(douche.id, 'M-2'))).json<TSampleResult>();
    expect((await call(tokens.klant, 'POST', `/sample-results/${entered.id}/report`, report)).json()).toMatchObject({ statusCode: 400, fields: { data: key } });
    expect(await stored('sample_result_reports')).toBe(0);
  });

  it("is read with the result: another customer's user gets 404, attaching needs enterSampleResults", async () => {
    const theirs = await point(tokens.other, OTHER_PLACE);
    const theirResult = (await call(tokens.other, 'POST', `${OTHER_PLACE}/sample-results`, result(theirs.id, 'X-1', { report: { name: 'x.pdf', data: base64(PDF) } }))).json<TSampleResult>();
    expect((await call(tokens.other, 'GET', `/sample-results/${theirResult.id}/report`)).statusCode).toBe(200);
    expect((await call(tokens.admin, 'GET', `/sample-results/${theirResult.id}/report`)).statusCode).toBe(200);
    expect((await call(tokens.klant, 'GET', `/sample-results/${theirResult.id}/report`)).statusCode).toBe(404);
    expect((await call(tokens.reader, 'GET', `/sample-results/${theirResult.id}/report`)).statusCode).toBe(404);

    const mine = await point(tokens.klant);
    const myResult = (await call(tokens.klant, 'POST', `${PLACE}/sample-results`, result(mine.id, 'M-1'))).json<TSampleResult>();
    expect((await call(tokens.other, 'POST', `/sample-results/${myResult.id}/report`, { name: 'x.pdf', data: base64(PDF) })).statusCode).toBe(404);
    expect((await call(tokens.reader, 'POST', `/sample-results/${myResult.id}/report`, { name: 'x.pdf', data: base64(PDF) })).statusCode).toBe(403);
    expect((await call(tokens.klant, 'POST', `/sample-results/${myResult.id + 1000}/report`, { name: 'x.pdf', data: base64(PDF) })).statusCode).toBe(404);
    expect(await stored('sample_result_reports')).toBe(1);
  });
});
