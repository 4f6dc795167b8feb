import { beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../db/schema';
import { basicAuth, useTestContext, TEST_PASSWORD } from '../test/test-app';

/**
 * Text PostgreSQL cannot store (NUL, a lone surrogate) is a 400 naming the field wherever it
 * comes in (credentials, path, query, body, CSV), and nothing is written.
 */
let admin: string;

const ctx = useTestContext({ reset: 'never' });
beforeAll(async () => {
  ({ admin } = await ctx.signedInUsers({ admin: { administrator: true } }));
  await ctx.database.db.insert(customers).values({ name: 'Gemeente Utrecht' });
});

type TMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const json = (text: string) => ({ 'content-type': 'application/json', payload: text });

const cases: [name: string, method: TMethod, url: string, body: { 'content-type': string; payload: string } | null, field: string][] = [
  ['NUL in a customer path', 'GET', '/api/v1/customers/Gemeente%00Utrecht', null, 'customer'],
  ['NUL in a location path', 'GET', '/api/v1/customers/Gemeente%20Utrecht/locations/a%00b', null, 'location'],
  ['NUL in a user path', 'PATCH', '/api/v1/users/a%00b%40example.com', json('{"firstName":"X"}'), 'email'],
  ['NUL in a product path', 'GET', '/api/v1/products/a%00', null, 'product'],
  ['NUL in a network-server path', 'DELETE', '/api/v1/networkServers/a%00', null, 'networkServer'],
  ['NUL in a query parameter', 'GET', '/api/v1/customers?projection=name%00', null, 'projection'],
  ['NUL in the own account', 'PATCH', '/api/v1/users/current', json('{"firstName":"Mie\\u0000ke"}'), 'firstName'],
  ['lone surrogate in the own account', 'PATCH', '/api/v1/users/current', json('{"lastName":"\\ud800"}'), 'lastName'],
  ['NUL in a new customer', 'POST', '/api/v1/customers', json('{"name":"Zorg\\u0000groep"}'), 'name'],
  ['NUL in a customer change', 'PATCH', '/api/v1/customers/Gemeente%20Utrecht', json('{"notes":"a\\u0000"}'), 'notes'],
  [
    'NUL in a new user',
    'POST',
    '/api/v1/users',
    json('{"firstName":"A","lastName":"B","email":"x@example.com","password":"Lang-genoeg-2026","customers":["Gemeente\\u0000"]}'),
    'customers.0',
  ],
  ['lone low surrogate in a key', 'POST', '/api/v1/customers', json('{"name":"ok","\\udc00":1}'), '\udc00'],
  ['NUL in a CSV import', 'POST', '/api/v1/devices/import', { 'content-type': 'text/csv', payload: 'eui,type\n00000000000000a1\u0000,V1\n' }, 'csv'],
];

describe('text that cannot be stored', () => {
  it.each(cases)('%s -> 400 naming %s, nothing written', async (_name, method, url, body, field) => {
    const before = { customers: await ctx.database.db.select().from(customers), users: await ctx.database.db.select().from(users) };
    const response = await ctx.app.inject({
      method,
      url,
      headers: { 'x-access-token': admin, ...(body ? { 'content-type': body['content-type'] } : {}) },
      ...(body ? { payload: body.payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ key: 'errors.badRequest', fields: { [field]: 'validation.unstorableText' } });
    expect({ customers: await ctx.database.db.select().from(customers), users: await ctx.database.db.select().from(users) }).toEqual(before);
  });

  it.each([
    ['NUL in the e-mail', `admin\u0000@example.com`, TEST_PASSWORD],
    ['NUL in the password', 'admin@example.com', `${TEST_PASSWORD}\u0000`],
  ])('%s of Basic credentials -> 400', async (_name, email, password) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { authorization: basicAuth(email, password) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('errors.badRequest');
  });

  it('ordinary text with accents, emoji and tabs is stored', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: { 'x-access-token': admin },
      payload: { name: 'Café 💧 de Kraan', reference: 'K-1', address: 'Straat 1', postalCode: '1234 AB', city: 'Utrecht', country: 'Nederland', notes: 'regel 1\tkolom\nregel 2' },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
