import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { PRODUCT_IMAGE_MAX_BYTES } from '@aquasmart/domain';
import { base64, caller, insertCustomer, insertDevice, insertGateway, insertLocation, JPEG_HEAD, PNG_1X1, WEBP_HEAD } from '../../test/places-fixtures';

let admin: string;
let reader: string;

const ctx = useTestContext();
const call = caller(ctx);
beforeEach(async () => {
  ({ admin, reader } = await ctx.signedInUsers({ admin: { administrator: true }, reader: { rights: { products: true } } }));
});

const product = (name: string, type: string, data: string, imageName = 'foto.png') => ({
  name,
  type,
  description: `${name}: omschrijving`,
  image: { name: imageName, data },
});

describe('images', () => {
  it('a PNG is accepted and served back byte-identical as image/png', async () => {
    const created = await call(admin, 'POST', '/products', product('Kerlink', 'Gateway', base64(PNG_1X1)));
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: 'Kerlink', type: 'Gateway', image: { name: 'foto.png', type: 'image/png', size: PNG_1X1.length } });
    expect(body.image.url).toMatch(/^\/api\/v1\/products\/Kerlink\/image\?v=\d+$/);
    expect(JSON.stringify(body)).not.toContain(base64(PNG_1X1));
    const image = await ctx.app.inject({ method: 'GET', url: body.image.url, headers: { 'x-access-token': reader } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it.each([
    ['JPEG as a data: URL declared as PNG', 'image/jpeg', `data:image/png;base64,${base64(JPEG_HEAD)}`],
    ['WebP in base64 with line breaks', 'image/webp', base64(WEBP_HEAD).replace(/(.{8})/g, '$1\n')],
  ])('%s -> served as %s', async (_case, type, data) => {
    expect((await call(admin, 'POST', '/products', product('Kraan', 'Faucet', data))).statusCode).toBe(201);
    const image = await call(reader, 'GET', '/products/Kraan/image');
    expect(image.headers['content-type']).toBe(type);
  });

  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  it.each([
    ['an SVG', base64(svg), 'image/svg+xml', 'validation.imageType'],
    ['an SVG data: URL', `data:image/svg+xml;base64,${base64(svg)}`, 'image/svg+xml', 'validation.imageType'],
    ['a text file named .png', base64('just some text'), 'notes.png', 'validation.imageType'],
    ['a GIF', base64('GIF89a....'), 'anim.gif', 'validation.imageType'],
    ['no base64', 'this is %%% not base64', 'x.png', 'validation.base64'],
    ['a data: URL without base64', 'data:image/png,abc', 'x.png', 'validation.base64'],
    ['empty data', '', 'x.png', 'validation.required'],
  ])('%s is refused with 400 on image.data', async (_case, data, imageName, key) => {
    const response = await call(admin, 'POST', '/products', product('Fout', 'Other', data, imageName));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'image.data': key });
    expect(await ctx.database.db.select().from(products)).toEqual([]);
  });

  it.each([
    ['just over 1 MiB', PRODUCT_IMAGE_MAX_BYTES + 1],
    ['2.5 MiB', 2.5 * 1024 * 1024],
  ])('%s -> 413 errors.payloadTooLarge', async (_case, size) => {
    const big = Buffer.alloc(size, 0);
    PNG_1X1.copy(big);
    const response = await call(admin, 'POST', '/products', product('Groot', 'Other', base64(big)));
    expect(response.statusCode).toBe(413);
    expect(response.json().key).toBe('errors.payloadTooLarge');
    expect(await ctx.database.db.select().from(products)).toEqual([]);
  });

  it('exactly 1 MiB is accepted', async () => {
    const big = Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES, 0);
    PNG_1X1.copy(big);
    expect((await call(admin, 'POST', '/products', product('Net', 'Other', base64(big)))).statusCode).toBe(201);
  });

  it('a product without image has no image route answer', async () => {
    await ctx.database.db.insert(products).values({ name: 'Oud', type: 'Other', description: 'zonder foto' });
    expect((await call(reader, 'GET', '/products/Oud')).json().image).toBeNull();
    expect((await call(reader, 'GET', '/products/Oud/image')).statusCode).toBe(404);
  });
});

describe('catalogue', () => {
  beforeEach(async () => {
    for (const [name, type] of [['kerlink', 'Gateway'], ['Sanimatic kraan', 'Faucet'], ['Douche spoelventiel', 'Faucet'], ['Aquasmart V2', 'Device']]) {
      expect((await call(admin, 'POST', '/products', product(name, type, base64(PNG_1X1)))).statusCode).toBe(201);
    }
  });

  it.each([
    ['', ['Aquasmart V2', 'Douche spoelventiel', 'kerlink', 'Sanimatic kraan']],
    [`conditions=${encodeURIComponent('{"type":"Faucet"}')}`, ['Douche spoelventiel', 'Sanimatic kraan']],
    [`conditions=${encodeURIComponent('{"type":"Faucet","name":"Sanimatic kraan"}')}`, ['Sanimatic kraan']],
    [`conditions=${encodeURIComponent('{"type":{"$in":["Gateway","Device"]}}')}`, ['Aquasmart V2', 'kerlink']],
  ])('GET /products?%s', async (query, names) => {
    const response = await call(reader, 'GET', `/products?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((row: { name: string }) => row.name)).toEqual(names);
  });

  it('projection and bad conditions', async () => {
    expect((await call(reader, 'GET', '/products?projection=name')).json()[0]).toEqual({ name: 'Aquasmart V2' });
    expect((await call(reader, 'GET', '/products?projection=name%20image.type')).json()[0]).toEqual({ name: 'Aquasmart V2', image: { type: 'image/png' } });
    expect((await call(reader, 'GET', `/products?conditions=${encodeURIComponent('{"imageData":1}')}`)).statusCode).toBe(400);
  });

  it.each([
    ['missing image', { image: undefined }, { image: 'validation.required' }],
    ['missing description', { description: ' ' }, { description: 'validation.required' }],
    ['unknown type', { type: 'Pump' }, { type: 'validation.oneOf' }],
    ['missing name', { name: '' }, { name: 'validation.required' }],
  ])('POST with %s -> 400', async (_case, change, fields) => {
    const response = await call(admin, 'POST', '/products', { ...product('Nieuw', 'Other', base64(PNG_1X1)), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
  });

  it('a taken name is 409; readers may not write', async () => {
    const taken = await call(admin, 'POST', '/products', product('kerlink', 'Gateway', base64(PNG_1X1)));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ name: 'errors.productNameTaken' });
    expect((await call(reader, 'POST', '/products', product('Nieuw', 'Other', base64(PNG_1X1)))).statusCode).toBe(403);
    expect((await call(reader, 'PATCH', '/products/kerlink', { description: 'x' })).statusCode).toBe(403);
    expect((await call(reader, 'DELETE', '/products/kerlink')).statusCode).toBe(403);
  });

  it('PATCH renames (a gateway keeps it) and replaces the image', async () => {
    const db = ctx.database.db;
    const customerId = await insertCustomer(db, 'Acme');
    const locationId = await insertLocation(db, customerId, 'Hal');
    const [kerlink] = await db.select({ id: products.id }).from(products).where(eq(products.name, 'kerlink'));
    await insertGateway(db, { customerId, locationId, name: 'GW', mac: '0000000000000001', productId: kerlink.id });
    const response = await call(admin, 'PATCH', '/products/kerlink', { name: 'Kerlink iStation', image: { name: 'k.jpg', data: base64(JPEG_HEAD) } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Kerlink iStation', type: 'Gateway', image: { name: 'k.jpg', type: 'image/jpeg' } });
    expect((await call(admin, 'GET', '/gateways?projection=product')).json()).toEqual([{ product: 'Kerlink iStation' }]);
    expect((await call(reader, 'GET', '/products/Kerlink%20iStation/image')).headers['content-type']).toBe('image/jpeg');
    expect((await call(admin, 'PATCH', '/products/kerlink', { description: 'x' })).statusCode).toBe(404);
    expect((await call(admin, 'PATCH', '/products/Kerlink%20iStation', { image: { name: 'x.svg', data: base64('<svg/>') } })).statusCode).toBe(400);
  });

  it.each([
    ['a gateway', 'kerlink', { gateways: 1, nodes: 0 }],
    ['a node as flush device', 'Sanimatic kraan', { gateways: 0, nodes: 1 }],
  ])('DELETE while used by %s -> 409; unused -> 204', async (_case, name, params) => {
    const db = ctx.database.db;
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.name, name));
    const customerId = await insertCustomer(db, 'Acme');
    const locationId = await insertLocation(db, customerId, 'Hal');
    if (params.gateways) await insertGateway(db, { customerId, locationId, name: 'GW', mac: '0000000000000001', productId: row.id });
    else await insertDevice(db, { eui: '0000000000000001', customerId, locationId, flushDeviceId: row.id });
    const refused = await call(admin, 'DELETE', `/products/${encodeURIComponent(name)}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ key: 'errors.productInUse', params });
    expect((await call(reader, 'GET', `/products/${encodeURIComponent(name)}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', '/products/Aquasmart%20V2')).statusCode).toBe(204);
    expect((await call(reader, 'GET', '/products/Aquasmart%20V2')).statusCode).toBe(404);
  });
});
