import { beforeAll, describe, expect, it } from 'vitest';
import { connectorFor } from '@aquasmart/domain';
import { useTestContext } from '../../test/test-app';
import { caller } from '../../test/places-fixtures';

let reader: string;

// The catalogue is static data: one user without rights flags or customers, for the whole file.
const ctx = useTestContext({ reset: 'never' });
const call = caller(ctx);
beforeAll(async () => {
  await ctx.database.reset();
  ({ reader } = await ctx.signedInUsers({ reader: { rights: {} } }));
});

describe('GET /connectors/{id}/{version}', () => {
  it.each(['V1', 'V2', 'V3'] as const)('%s: the whole connector', async (type) => {
    const connector = connectorFor(type);
    const response = await call(reader, 'GET', `/connectors/${connector.id}/${connector.version}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(connector);
  });

  it('?projection=messages gives the message ids and names only', async () => {
    const response = await call(reader, 'GET', '/connectors/aquasmart-v2/1?projection=messages');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      messages: [
        { id: 42, name: 'temperature' },
        { id: 40, name: 'battery' },
        { id: 50, name: 'flush' },
        { id: 52, name: 'overflow' },
        { id: 62, name: 'parameters' },
        { id: 72, name: 'version' },
        { id: 100, name: 'settings' },
      ],
    });
  });

  it('other projections follow the query language', async () => {
    const response = await call(reader, 'GET', '/connectors/aquasmart-v3/1?projection=id deviceType messages.fPort');
    expect(response.json()).toEqual({ id: 'aquasmart-v3', deviceType: 'V3', messages: [32, 36, 64, 74, 100].map((fPort) => ({ fPort })) });
    expect((await call(reader, 'GET', '/connectors/aquasmart-v3/1?projection=colour')).statusCode).toBe(400);
  });

  it.each([
    ['an unknown id', '/connectors/aquasmart-v4/1'],
    ['an unknown version', '/connectors/aquasmart-v1/2'],
  ])('%s: 404', async (_name, url) => {
    const response = await call(reader, 'GET', url);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/No connector/);
  });

  it('needs a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/connectors/aquasmart-v1/1' });
    expect(response.statusCode).toBe(401);
  });
});
