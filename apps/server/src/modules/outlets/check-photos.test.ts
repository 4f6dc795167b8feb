import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CHECK_PHOTO_MAX_BYTES, type TCheckRecord, type TOutlet } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { caller, insertCustomer, insertLocation } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { signInSamplingUsers } from '../sampling/sampling.fixture';

/**
 * The photo taken with a check (docs/outlets.md, "Photos"): sent in the check's JSON, a JPEG, PNG or
 * WebP by its bytes, at most 5 MiB, stored once even when the entry is sent again, read back by
 * whoever may read the location.
 */
const ctx = useTestContext();
const call = caller(ctx);
let tokens: Record<'klant' | 'reader' | 'other' | 'admin', string>;
let douche: TOutlet;
let elders: TOutlet;

const PLACE = `/customers/${encodeURIComponent('Zorggroep West')}/locations/${encodeURIComponent('Huize Zonneveld')}`;
const OTHER_PLACE = `/customers/${encodeURIComponent('Andere Klant')}/locations/Elders`;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const base64 = (bytes: Buffer) => bytes.toString('base64');
const storedPhotos = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM outlet_check_photos`))[0].n;
const storedChecks = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM outlet_checks`))[0].n;

beforeEach(async () => {
  const db = ctx.database.db;
  const customerId = await insertCustomer(db, 'Zorggroep West');
  await insertLocation(db, customerId, 'Huize Zonneveld');
  const otherId = await insertCustomer(db, 'Andere Klant');
  await insertLocation(db, otherId, 'Elders');
  tokens = await signInSamplingUsers(ctx, customerId, otherId, 'recordChecks');
  douche = (await call(tokens.admin, 'POST', `${PLACE}/outlets`, { name: 'Douche 12', kind: 'shower', water: 'hot', sentinel: 'furthest' })).json();
  elders = (await call(tokens.admin, 'POST', `${OTHER_PLACE}/outlets`, { name: 'Elders', kind: 'shower', water: 'hot' })).json();
});

const descaled = (outletId: number, extra: Record<string, unknown> = {}) => ({ outletId, check: 'showerheadDescaling', outcome: 'done', ...extra });

describe('a photo with a check', () => {
  it('is stored with the check, listed by its address and read back as it was sent; an entry sent again keeps one photo', async () => {
    const entryId = randomUUID();
    const answer = await call(tokens.klant, 'POST', `${PLACE}/checks`, descaled(douche.id, { entryId, photo: base64(JPEG) }));
    expect(answer.statusCode, answer.body).toBe(201);
    const check = answer.json<TCheckRecord>();
    expect(check.photo).toEqual({ type: 'image/jpeg', size: JPEG.length, url: `/checks/${check.id}/photo` });

    // The retry of the offline queue: the same entry, the same photo, answered with the first check.
    const again = await call(tokens.klant, 'POST', `${PLACE}/checks`, descaled(douche.id, { entryId, photo: base64(JPEG) }));
    expect(again.statusCode).toBe(200);
    expect(again.json<TCheckRecord>()).toEqual(check);
    expect(await storedChecks()).toBe(1);
    expect(await storedPhotos()).toBe(1);

    const [listed] = (await call(tokens.reader, 'GET', `${PLACE}/checks?outletId=${douche.id}`)).json<TCheckRecord[]>();
    expect(listed.photo).toEqual(check.photo);
    expect(JSON.stringify(listed)).not.toContain(base64(JPEG));
    const read = await call(tokens.reader, 'GET', check.photo!.url);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(read.rawPayload.equals(JPEG)).toBe(true);
  });

  it.each([
    ['a PNG as a data: URL declared as JPEG', `data:image/jpeg;base64,${base64(PNG)}`, 'image/png'],
    ['a WebP', base64(WEBP), 'image/webp'],
  ])('takes %s by its bytes', async (_name, photo, type) => {
    const check = (await call(tokens.klant, 'POST', `${PLACE}/checks`, descaled(douche.id, { photo }))).json<TCheckRecord>();
    expect(check.photo?.type).toBe(type);
    expect((await call(tokens.klant, 'GET', `/checks/${check.id}/photo`)).headers['content-type']).toBe(type);
  });

  it.each([
    ['text named as an image', `data:image/jpeg;base64,${base64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))}`, 400, 'validation.imageType'],
    ['no base64', '%%% not base64', 400, 'validation.base64'],
    ['one byte over 5 MiB', base64(Buffer.concat([JPEG, Buffer.alloc(CHECK_PHOTO_MAX_BYTES + 1 - JPEG.length)])), 413, 'errors.payloadTooLarge'],
  ])('refuses %s on its field, and the check with it', async (_name, photo, status, key) => {
    const refused = await call(tokens.klant, 'POST', `${PLACE}/checks`, descaled(douche.id, { photo, entryId: randomUUID() }));
    expect(refused.statusCode).toBe(status);
    expect(refused.json()).toMatchObject({ fields: { photo: key } });
    expect(await storedChecks()).toBe(0);
    expect(await storedPhotos()).toBe(0);
  });

  it("is read with the location: another customer's user gets 404, as for a check without a photo", async () => {
    const theirs = (await call(tokens.other, 'POST', `${OTHER_PLACE}/checks`, descaled(elders.id, { photo: base64(JPEG) }))).json<TCheckRecord>();
    expect((await call(tokens.other, 'GET', `/checks/${theirs.id}/photo`)).statusCode).toBe(200);
    expect((await call(tokens.admin, 'GET', `/checks/${theirs.id}/photo`)).statusCode).toBe(200);
    expect((await call(tokens.klant, 'GET', `/checks/${theirs.id}/photo`)).json()).toMatchObject({ statusCode: 404 });
    expect((await call(tokens.reader, 'GET', `/checks/${theirs.id}/photo`)).statusCode).toBe(404);
    const bare = (await call(tokens.klant, 'POST', `${PLACE}/checks`, descaled(douche.id))).json<TCheckRecord>();
    expect(bare.photo).toBeNull();
    expect((await call(tokens.klant, 'GET', `/checks/${bare.id}/photo`)).statusCode).toBe(404);
    expect((await call(tokens.klant, 'GET', `/checks/${bare.id + 1000}/photo`)).statusCode).toBe(404);
  });
});
