import { describe, expect, it, beforeAll } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import {
  checkRegisterValues,
  endpointIssues,
  networkServerConfigIssues,
  ZCustomerCreate,
  ZDeviceChannelPatch,
  ZDeviceLoraPatch,
  ZGatewayCreate,
  ZLocationCreate,
  ZProductCreate,
  ZUserPatch,
  type TDeviceType,
  type TNetworkServerKind,
} from '@aquasmart/domain';
import type { z } from 'zod';
import { useTestContext } from '../test/test-app';
import { seedDemoData } from './seed';

/**
 * Every record of the demo, read back through the API, passes the rules the forms and the write
 * routes apply (issue: an administrator who only changed a demo customer's notes was blocked by
 * required fields the demo had left empty). A record that fails names itself and its fields.
 */
const ctx = useTestContext({ reset: 'never' });
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
let token: string;

beforeAll(async () => {
  await seedDemoData(ctx.database.db, { demoPassword: 'Welkom-demo-2026', log: silent });
  await ctx.createUser({ email: 'forms-admin@example.com', password: 'Seed-forms-2026', administrator: true });
  token = await ctx.tokenFor('forms-admin@example.com');
}, 120_000);

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'x-access-token': token } });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
}

/** The field errors of one record under a schema: {} when it passes. */
function problems(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

type TRecord = Record<string, unknown>;

describe('the demo data passes the forms and write routes', { timeout: 60_000 }, () => {
  it('customers, with their endpoints as the edit form checks them', async () => {
    const rows = await get<TRecord[]>('/customers');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const editable = { ...row, notes: row.notes ?? '' };
      expect({ name: row.name, ...problems(ZCustomerCreate, editable) }).toEqual({ name: row.name });
      expect({ name: row.name, ...endpointIssues(row.endpoint as never, { editing: true }) }).toEqual({ name: row.name });
    }
  });

  it('locations', async () => {
    const rows = await get<TRecord[]>('/locations');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const endpoint = row.endpoint as TRecord | null;
      const editable = { ...row, notes: row.notes ?? '', endpoint: endpoint ? { platform: endpoint.platform, url: endpoint.url, token: endpoint.token } : null };
      expect({ name: row.name, ...problems(ZLocationCreate, editable) }).toEqual({ name: row.name });
      expect({ name: row.name, ...endpointIssues(endpoint as never, { editing: true }) }).toEqual({ name: row.name });
    }
  });

  it('gateways', async () => {
    const rows = await get<TRecord[]>('/gateways');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect({ name: row.name, ...problems(ZGatewayCreate, { ...row, notes: row.notes ?? '' }) }).toEqual({ name: row.name });
  });

  it('products, each with a picture', async () => {
    const rows = await get<TRecord[]>('/products');
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect({ name: row.name, ...problems(ZProductCreate.omit({ image: true }), row) }).toEqual({ name: row.name });
      const image = row.image as { name: string; url: string } | null;
      expect(image, String(row.name)).not.toBeNull();
      const picture = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${encodeURIComponent(String(row.name))}/image`, headers: { 'x-access-token': token } });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(picture.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('users', async () => {
    const rows = await get<TRecord[]>('/users');
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const { email, firstName, lastName, language, customers } = row;
      expect({ email, ...problems(ZUserPatch, { email, firstName, lastName, language, customers }) }).toEqual({ email });
    }
  });

  it('network servers', async () => {
    const rows = await get<{ name: string; kind: TNetworkServerKind; config: TRecord }[]>('/networkServers');
    for (const row of rows) expect({ name: row.name, ...networkServerConfigIssues(row.kind, row.config as never) }).toEqual({ name: row.name });
  });

  it('nodes: the edit form, the channels and every stored register and preset', async () => {
    const rows = await get<TRecord[]>('/devices');
    expect(rows.length).toBeGreaterThan(60);
    for (const row of rows) {
      const eui = row.eui as string;
      const type = row.type as TDeviceType;
      if (row.customer !== null) {
        const edit = {
          name: row.name,
          notes: row.notes,
          locationNotes: row.locationNotes,
          calibration: row.calibration ? { interval: (row.calibration as TRecord).interval } : undefined,
          flush: row.flush ? { minimumTemperatureDeviation: (row.flush as TRecord).minimumTemperatureDeviation } : undefined,
        };
        expect({ eui, ...problems(ZDeviceLoraPatch, edit) }).toEqual({ eui });
        // The edit form names and sets the mode of the temperature channels.
        for (const channel of (row.channels as TRecord[]).filter((candidate) => String(candidate.id).startsWith('temperature'))) {
          expect({ eui, channel: channel.id, ...problems(ZDeviceChannelPatch, { name: channel.name, custom: channel.custom }) }).toEqual({ eui, channel: channel.id });
        }
      }
      const parameters = ((row.sipp as TRecord).parameters as { register: number; value: unknown }[]).map(({ register, value }) => ({ register, value }));
      expect({ eui, ...checkRegisterValues(type, parameters) }).toEqual({ eui });
      expect({ eui, ...checkRegisterValues(type, row.presets as { register: number; value: unknown }[]) }).toEqual({ eui });
    }
  });
});
