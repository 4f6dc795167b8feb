import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { TEMPERATURE_CHANNEL_COUNT, type TDevice, type TDeviceType } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { seedDemoData } from '../../demo/seed';
import { useTestContext } from '../../test/test-app';
import { caller } from '../../test/places-fixtures';

/** The read routes answer the demo fleet (apps/server/src/demo) as the web app will see it. */
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
const TEMPERATURE_MSG: Record<TDeviceType, number> = { V1: 34, V2: 42, V3: 32 };

let admin: string;
let customerUser: string;

const ctx = useTestContext({ reset: 'never' });
const call = caller(ctx);
beforeAll(async () => {
  await ctx.createUser({ email: 'admin@example.com', password: 'Demo-devices-2026', administrator: true });
  await seedDemoData(ctx.database.db, { demoPassword: 'Welkom-demo-2026', log: quiet });
  admin = await ctx.tokenFor('admin@example.com');
  customerUser = await ctx.tokenFor('klant@example.com');
});

describe('the demo fleet', () => {
  it('GET /devices: administrators see every node; the customer user only Gemeente Utrecht', async () => {
    const [counts] = await queryRows<{ all: number; utrecht: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS all, count(*) FILTER (WHERE c.name = 'Gemeente Utrecht')::int AS utrecht FROM devices d LEFT JOIN customers c ON c.id = d.customer_id`,
    );
    const all = (await call(admin, 'GET', '/devices?projection=eui customer')).json();
    const utrecht = (await call(customerUser, 'GET', '/devices?projection=eui customer')).json();
    expect(all).toHaveLength(counts.all);
    expect(utrecht).toHaveLength(counts.utrecht);
    expect(counts.utrecht).toBeGreaterThan(0);
    expect(new Set(utrecht.map((row: { customer: string }) => row.customer))).toEqual(new Set(['Gemeente Utrecht']));
  });

  it.each(['V1', 'V2', 'V3'] as const)('GET /devices/{eui} of a %s node: channels, latest readings, battery, lora, parameters', async (type) => {
    const [{ eui }] = await queryRows<{ eui: string }>(ctx.database.db, sql`SELECT eui FROM devices WHERE type = ${type} ORDER BY eui LIMIT 1`);
    const response = await call(admin, 'GET', `/devices/${eui}`);
    expect(response.statusCode).toBe(200);
    const device = response.json<TDevice>();
    expect(device).toMatchObject({ eui, type, lora: { state: 'Started', networkServer: expect.any(String) }, sipp: { connector: { id: `aquasmart-${type.toLowerCase()}` } } });
    expect(device.customer).toEqual(expect.any(String));
    expect(device.sipp.parameters.length).toBeGreaterThan(0);
    expect(device.sipp.diagnostics.version).toEqual({ major: expect.any(Number), minor: expect.any(Number), patch: expect.any(Number) });
    const temperatures = device.channels.filter((channel) => channel.type === 'Temperatuur');
    expect(temperatures).toHaveLength(TEMPERATURE_CHANNEL_COUNT[type]);
    expect(device.battery.voltage).toEqual(expect.any(Number));

    // The latest temperature message is what the channels show (value with offset; channel ts in seconds).
    const history = (await call(admin, 'GET', `/devices/${eui}/data?conditions=${encodeURIComponent(JSON.stringify({ msgId: TEMPERATURE_MSG[type] }))}&projection=value ts`)).json();
    expect(history.length).toBeGreaterThan(100);
    const latest = history[history.length - 1];
    expect(Date.parse(history[0].ts)).toBeLessThan(Date.parse(latest.ts));
    expect(temperatures[0].value).toBe(latest.value.temperature1);
    expect(temperatures[0].ts).toBe(latest.value.timestamp);
  });
});
