import type { TDb } from '../db/database';
import { calibrationLogs, customers, deviceChannels, devices, gateways, locations, products, userCustomers } from '../db/schema';
import type { TTestContext } from './test-app';

/**
 * Test data for the customer, location, gateway, product and calibration-log tests: inserted
 * straight into the database so that each test states only what it needs.
 */

export type TMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Calls the API as the holder of `token`. */
export function caller(ctx: TTestContext) {
  return (token: string, method: TMethod, url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-access-token': token }, payload: payload as object });
}

const address = { reference: 'REF-1', address: 'Straat 1', postalCode: '1234 AB', city: 'Utrecht', country: 'Nederland' };

export async function insertCustomer(db: TDb, name: string, values: Partial<typeof customers.$inferInsert> = {}): Promise<number> {
  const [row] = await db.insert(customers).values({ name, ...address, ...values }).returning({ id: customers.id });
  return row.id;
}

export async function insertLocation(db: TDb, customerId: number, name: string, values: Partial<typeof locations.$inferInsert> = {}): Promise<number> {
  const [row] = await db.insert(locations).values({ customerId, name, ...address, ...values }).returning({ id: locations.id });
  return row.id;
}

export async function insertProduct(db: TDb, name: string, type = 'Gateway'): Promise<number> {
  const [row] = await db.insert(products).values({ name, type, description: `${name} description` }).returning({ id: products.id });
  return row.id;
}

export async function insertGateway(
  db: TDb,
  values: { customerId: number; locationId: number; name: string; mac: string; productId?: number; type?: string },
): Promise<number> {
  const [row] = await db.insert(gateways).values(values).returning({ id: gateways.id });
  return row.id;
}

export interface TDeviceSeed {
  eui: string;
  customerId?: number | null;
  locationId?: number | null;
  gatewayId?: number | null;
  flushDeviceId?: number | null;
  name?: string;
  type?: 'V1' | 'V2' | 'V3';
  sync?: number;
  /** Hours since the last uplink; undefined: never heard from. */
  heardHoursAgo?: number;
  calibrationInterval?: number;
}

/** A device with its temperature channels (V1 one, V2 three, V3 two) and a battery channel. */
export async function insertDevice(db: TDb, seed: TDeviceSeed): Promise<void> {
  const type = seed.type ?? 'V2';
  await db.insert(devices).values({
    eui: seed.eui,
    name: seed.name ?? `Node ${seed.eui}`,
    type,
    customerId: seed.customerId ?? null,
    locationId: seed.locationId ?? null,
    gatewayId: seed.gatewayId ?? null,
    flushDeviceId: seed.flushDeviceId ?? null,
    loraState: seed.customerId ? 'Started' : 'Stopped',
    sync: seed.sync ?? -1,
    loraTs: seed.heardHoursAgo === undefined ? null : new Date(Date.now() - seed.heardHoursAgo * 3_600_000),
    calibrationInterval: seed.calibrationInterval ?? 2,
  });
  const count = { V1: 1, V2: 3, V3: 2 }[type];
  await db.insert(deviceChannels).values([
    ...Array.from({ length: count }, (_unused, index) => ({ deviceEui: seed.eui, channelId: `temperature${index + 1}`, name: `T${index + 1}`, type: 'Temperatuur' })),
    { deviceEui: seed.eui, channelId: 'battery1', name: 'Batterij', type: 'Batterij' },
  ]);
}

export async function insertCalibrationLog(
  db: TDb,
  values: { eui: string; customerId: number | null; locationId: number | null; ts: string; measured?: number; calibrated?: number; channel?: string },
): Promise<void> {
  const measured = values.measured ?? 20.1;
  const calibrated = values.calibrated ?? 20.5;
  await db.insert(calibrationLogs).values({
    deviceEui: values.eui,
    customerId: values.customerId,
    locationId: values.locationId,
    ts: new Date(values.ts),
    channel: values.channel ?? 'temperature1',
    measured,
    calibrated,
    offset: Math.round((calibrated - measured) * 10) / 10,
  });
}

/** Restricts a user to the given customers. */
export async function restrictUser(db: TDb, userId: number, customerIds: number[]): Promise<void> {
  await db.insert(userCustomers).values(customerIds.map((customerId) => ({ userId, customerId })));
}

/** Base64 of bytes. */
export const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a JPEG and of a WebP file; the checks look at nothing more. */
export const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
export const WEBP_HEAD = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

/**
 * The two-customer world most place tests start from: Acme with location Hal (and Kantoor when
 * asked), Beta with location Elders, inserted in that order. Answers their ids.
 */
export async function seedPlacesWorld(db: TDb): Promise<TPlacesWorld>;
export async function seedPlacesWorld(db: TDb, options: { kantoor: true }): Promise<TPlacesWorld & { kantoor: number }>;
export async function seedPlacesWorld(db: TDb, { kantoor = false }: { kantoor?: boolean } = {}): Promise<TPlacesWorld & { kantoor?: number }> {
  const acme = await insertCustomer(db, 'Acme');
  const beta = await insertCustomer(db, 'Beta');
  const hal = await insertLocation(db, acme, 'Hal');
  const kantoorId = kantoor ? await insertLocation(db, acme, 'Kantoor') : undefined;
  const elders = await insertLocation(db, beta, 'Elders');
  return { acme, beta, hal, elders, ...(kantoorId === undefined ? {} : { kantoor: kantoorId }) };
}

export interface TPlacesWorld {
  acme: number;
  beta: number;
  hal: number;
  elders: number;
}
