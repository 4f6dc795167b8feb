import { and, eq } from 'drizzle-orm';
import {
  DEVICE_MESSAGE,
  encodeDownlink,
  ENCRYPTION_MODES,
  MESSAGE,
  messageKey,
  NODE_MESSAGE,
  REGISTRATION_CALIBRATION_INTERVAL,
  registrationPresets,
  type TDeviceLoraPatch,
  type TDeviceType,
  type TRegisterValue,
} from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import type { devices} from '../../db/schema';
import { customers, gateways, locations, networkServers, products } from '../../db/schema';
import { scopedCustomerIds } from '../../identity/customer-scope';
import type { TAuthUser } from '../../identity/auth-user';
import type { TDeviceRow } from './device-repository';

/**
 * The plan of one PATCH /devices/{eui}/lora/{encryptionMode}: each planner below reads the body
 * for its own fields and records what changes, which rights that needs and which fields are
 * invalid. The service runs them in order, checks the rights and writes the plan in one go, so
 * a refused or invalid request writes nothing.
 */

const FAUCET_PRODUCT_TYPE = 'Faucet';
const LORA_STARTED = 'Started';
const LORA_STOPPED = 'Stopped';

export type TDeviceAction = 'register' | 'remove' | 'move' | 'batterySwap' | 'edit';

export interface TDevicePatchPlan {
  readonly row: TDeviceRow;
  readonly body: TDeviceLoraPatch;
  readonly user: TAuthUser;
  /** Catalogue paths the caller must hold for the fields that change. */
  readonly needed: Set<string>;
  /** Field -> message key. */
  readonly invalid: Record<string, string>;
  /** Field -> [before, after], for the audit log. */
  readonly changes: Record<string, [unknown, unknown]>;
  readonly set: Partial<typeof devices.$inferInsert>;
  readonly actions: Set<TDeviceAction>;
  /** The node's location after this request (a move or removal changes it). */
  locationId: number | null;
  /** A move copies the new location's calibration interval into the node, whoever moves. */
  movedToInterval?: number;
  /** Presets stored by this request, and on registration also sent. */
  presets?: TRegisterValue[];
}

export function startPlan(row: TDeviceRow, body: TDeviceLoraPatch, user: TAuthUser): TDevicePatchPlan {
  return { row, body, user, needed: new Set(), invalid: {}, changes: {}, set: {}, actions: new Set(), locationId: row.locationId };
}

function change(plan: TDevicePatchPlan, field: string, before: unknown, after: unknown, right: string | null = null): void {
  plan.changes[field] = [before, after];
  if (right) plan.needed.add(right);
}

export function isAssigned(row: TDeviceRow): boolean {
  return row.customerId !== null && row.locationId !== null;
}

/** The action the audit log records: the weightiest one the request made. */
export function mainAction(plan: TDevicePatchPlan): TDeviceAction {
  return (['register', 'remove', 'move', 'batterySwap'] as const).find((candidate) => plan.actions.has(candidate)) ?? 'edit';
}

async function nameOf<T extends typeof customers | typeof locations | typeof gateways | typeof products | typeof networkServers>(
  tx: TDbOrTx,
  table: T,
  id: number | null,
): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ name: table.name }).from(table as typeof customers).where(eq(table.id, id)).limit(1);
  return row?.name ?? null;
}

/** '' is stored as null: no notes. */
const notesValue = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value === '' ? null : value);

export function planTexts(plan: TDevicePatchPlan): void {
  const { row, body, set } = plan;
  if (body.name !== undefined && body.name !== row.name) {
    change(plan, 'name', row.name, body.name, 'device.name');
    set.name = body.name;
  }
  for (const field of ['notes', 'locationNotes'] as const) {
    const value = notesValue(body[field]);
    if (value !== undefined && value !== row[field]) {
      change(plan, field, row[field], value, `device.${field}`);
      set[field] = value;
    }
  }
}

/** Registration, move and removal: customer and location given together, or both null. */
export async function planPlacement(tx: TDbOrTx, plan: TDevicePatchPlan): Promise<void> {
  const { row, body, set, invalid, actions, needed } = plan;
  const currentCustomer = await nameOf(tx, customers, row.customerId);
  const currentLocation = await nameOf(tx, locations, row.locationId);
  if (body.customer === null || body.location === null) {
    if (body.customer !== null) invalid.customer = MESSAGE.required;
    else if (body.location !== null) invalid.location = MESSAGE.required;
    else if (row.customerId !== null || row.locationId !== null) await planRemoval(tx, plan, currentCustomer, currentLocation);
    return;
  }
  if (body.customer === undefined && body.location === undefined) return;

  const customerName = body.customer ?? currentCustomer;
  const customerChanged = customerName !== currentCustomer;
  const locationName = body.location ?? (customerChanged ? null : currentLocation);
  if (!customerName) invalid.customer = MESSAGE.required;
  if (!locationName) invalid.location = MESSAGE.required;
  const customer = customerName ? await findCustomerInScope(tx, plan.user, customerName) : null;
  if (customerName && !customer) invalid.customer = messageKey(MESSAGE.unknownCustomer, { name: customerName });
  const location = customer && locationName ? await findLocation(tx, customer.id, locationName) : null;
  if (customer && locationName && !location) invalid.location = messageKey(NODE_MESSAGE.unknownLocation, { name: locationName });
  if (!isAssigned(row)) {
    actions.add('register');
    needed.add('device.register');
  } else if (customerChanged || locationName !== currentLocation) {
    actions.add('move');
    if (customerChanged) needed.add('device.customer');
    if (locationName !== currentLocation) needed.add('device.location');
  }
  if (customer && location && (customer.id !== row.customerId || location.id !== row.locationId)) {
    change(plan, 'customer', currentCustomer, customer.name);
    change(plan, 'location', currentLocation, location.name);
    set.customerId = customer.id;
    set.locationId = location.id;
    plan.locationId = location.id;
    if (actions.has('move') && location.id !== row.locationId) plan.movedToInterval = location.calibrationInterval;
  }
}

async function planRemoval(tx: TDbOrTx, plan: TDevicePatchPlan, currentCustomer: string | null, currentLocation: string | null): Promise<void> {
  const { row, set } = plan;
  plan.actions.add('remove');
  plan.needed.add('device.remove');
  change(plan, 'customer', currentCustomer, null);
  change(plan, 'location', currentLocation, null);
  set.customerId = null;
  set.locationId = null;
  plan.locationId = null;
  if (row.gatewayId !== null) {
    change(plan, 'gateway', await nameOf(tx, gateways, row.gatewayId), null);
    set.gatewayId = null;
  }
  if (row.loraState !== LORA_STOPPED) change(plan, 'lora.state', row.loraState, LORA_STOPPED);
  set.loraState = LORA_STOPPED;
}

/** One of the node's (new) location; a move clears a gateway of the old location. */
export async function planGateway(tx: TDbOrTx, plan: TDevicePatchPlan): Promise<void> {
  const { row, body, set } = plan;
  const currentGateway = await nameOf(tx, gateways, row.gatewayId);
  const moved = plan.locationId !== row.locationId;
  if (body.gateway === undefined) {
    if (row.gatewayId !== null && moved && set.gatewayId === undefined) {
      change(plan, 'gateway', currentGateway, null);
      set.gatewayId = null;
    }
    return;
  }
  if (body.gateway === currentGateway && !moved) return;
  const gateway = body.gateway === null ? null : plan.locationId === null ? undefined : await findGateway(tx, plan.locationId, body.gateway);
  if (body.gateway !== currentGateway) plan.needed.add('device.gateway');
  if (gateway === undefined) plan.invalid.gateway = messageKey(NODE_MESSAGE.unknownGateway, { name: body.gateway ?? '' });
  else if ((gateway?.id ?? null) !== row.gatewayId) {
    change(plan, 'gateway', currentGateway, gateway?.name ?? null);
    set.gatewayId = gateway?.id ?? null;
  }
}

/** A Faucet product. */
export async function planFlushDevice(tx: TDbOrTx, plan: TDevicePatchPlan): Promise<void> {
  const { row, body, set } = plan;
  if (body.flushDevice === undefined) return;
  const currentFlushDevice = await nameOf(tx, products, row.flushDeviceId);
  if (body.flushDevice === currentFlushDevice) return;
  plan.needed.add('device.flushDevice');
  if (body.flushDevice === null) {
    change(plan, 'flushDevice', currentFlushDevice, null);
    set.flushDeviceId = null;
    return;
  }
  const [product] = await tx.select({ id: products.id, type: products.type }).from(products).where(eq(products.name, body.flushDevice)).limit(1);
  if (!product) plan.invalid.flushDevice = messageKey(NODE_MESSAGE.unknownProduct, { name: body.flushDevice });
  else if (product.type !== FAUCET_PRODUCT_TYPE) plan.invalid.flushDevice = messageKey(NODE_MESSAGE.productType, { type: FAUCET_PRODUCT_TYPE });
  else {
    change(plan, 'flushDevice', currentFlushDevice, body.flushDevice);
    set.flushDeviceId = product.id;
  }
}

/** Calibration interval and minimum deviation (administrators); registration forces 2, a move copies the location's. */
export function planCalibration(plan: TDevicePatchPlan): void {
  const { row, body, set } = plan;
  if (plan.actions.has('register')) {
    if (row.calibrationInterval !== REGISTRATION_CALIBRATION_INTERVAL) change(plan, 'calibration.interval', row.calibrationInterval, REGISTRATION_CALIBRATION_INTERVAL);
    set.calibrationInterval = REGISTRATION_CALIBRATION_INTERVAL;
  } else if (plan.movedToInterval !== undefined) {
    // Part of the move (moveNode), like the forced 2 of a registration: a sent interval is ignored.
    if (row.calibrationInterval !== plan.movedToInterval) change(plan, 'calibration.interval', row.calibrationInterval, plan.movedToInterval);
    set.calibrationInterval = plan.movedToInterval;
  } else if (body.calibration && body.calibration.interval !== row.calibrationInterval) {
    change(plan, 'calibration.interval', row.calibrationInterval, body.calibration.interval, 'device.calibration.interval');
    set.calibrationInterval = body.calibration.interval;
  }
  if (body.flush && body.flush.minimumTemperatureDeviation !== row.flushMinimumTemperatureDeviation) {
    change(plan, 'flush.minimumTemperatureDeviation', row.flushMinimumTemperatureDeviation, body.flush.minimumTemperatureDeviation, 'device.flush.minimumTemperatureDeviation');
    set.flushMinimumTemperatureDeviation = body.flush.minimumTemperatureDeviation;
  }
}

/** The LoRa state follows registration and removal; anything else is an administrator's call. */
export async function planLora(tx: TDbOrTx, plan: TDevicePatchPlan, encryptionMode: string): Promise<void> {
  const { row, body, set } = plan;
  if (plan.actions.has('register')) {
    if (row.loraState !== LORA_STARTED) change(plan, 'lora.state', row.loraState, LORA_STARTED);
    set.loraState = LORA_STARTED;
  }
  const stateAfter = set.loraState ?? row.loraState;
  if (body.lora?.state !== undefined && body.lora.state !== stateAfter) {
    change(plan, 'lora.state', row.loraState, body.lora.state, 'device.lora.state');
    set.loraState = body.lora.state;
  }
  if (body.lora?.networkServer !== undefined) {
    const currentServer = await nameOf(tx, networkServers, row.networkServerId);
    if (body.lora.networkServer !== currentServer) {
      plan.needed.add('device.lora.networkServer');
      const [server] = await tx.select({ id: networkServers.id }).from(networkServers).where(eq(networkServers.name, body.lora.networkServer)).limit(1);
      if (!server) plan.invalid['lora.networkServer'] = messageKey(DEVICE_MESSAGE.unknownNetworkServer, { name: body.lora.networkServer });
      else {
        change(plan, 'lora.networkServer', currentServer, body.lora.networkServer);
        set.networkServerId = server.id;
      }
    }
  }
  if (!(ENCRYPTION_MODES as readonly string[]).includes(encryptionMode)) plan.invalid.encryptionMode = MESSAGE.oneOf;
  else if (encryptionMode !== row.encryptionMode) {
    change(plan, 'lora.encryption.mode', row.encryptionMode, encryptionMode, 'device.lora.encryption.mode');
    set.encryptionMode = encryptionMode;
  }
}

/** Stored; on registration also sent (the type's presets unless the body gives them). */
export function planPresets(plan: TDevicePatchPlan, type: TDeviceType): void {
  const { row, body } = plan;
  let presets: TRegisterValue[] | undefined;
  if (body.presets !== undefined && JSON.stringify(body.presets) !== JSON.stringify(row.presets)) {
    plan.needed.add('device.presets');
    presets = body.presets;
  } else if (plan.actions.has('register')) presets = body.presets ?? registrationPresets(type);
  if (presets === undefined) return;
  if (new Set(presets.map((entry) => entry.register)).size !== presets.length) plan.invalid.presets = MESSAGE.invalid;
  else if (presets.length) {
    try {
      encodeDownlink(type, presets);
    } catch {
      plan.invalid.presets = MESSAGE.invalid;
    }
  }
  if (JSON.stringify(presets) !== JSON.stringify(row.presets)) change(plan, 'presets', row.presets, presets);
  plan.set.presets = presets;
  plan.presets = presets;
}

/** The calibration right; the server's clock; the alarm cleared. */
export function planBatterySwap(plan: TDevicePatchPlan, now: Date): void {
  if (plan.body.battery === undefined) return;
  plan.actions.add('batterySwap');
  plan.needed.add('device.battery');
  change(plan, 'battery.ts', plan.row.batteryTs?.toISOString() ?? null, now.toISOString());
  change(plan, 'battery.alarm.ts', plan.row.batteryAlarmTs, 0);
  plan.set.batteryTs = now;
  plan.set.batteryAlarmTs = 0;
}

/** A registered node has a name. */
export function planRequiredName(plan: TDevicePatchPlan): void {
  if (plan.actions.has('register') && (plan.set.name ?? plan.row.name).trim() === '') plan.invalid.name = MESSAGE.required;
}

async function findCustomerInScope(tx: TDbOrTx, user: TAuthUser, name: string) {
  const [row] = await tx.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.name, name)).limit(1);
  if (!row) return null;
  const scope = scopedCustomerIds(user);
  return scope === null || scope.includes(row.id) ? row : null;
}

async function findLocation(tx: TDbOrTx, customerId: number, name: string) {
  const [row] = await tx
    .select({ id: locations.id, name: locations.name, calibrationInterval: locations.calibrationInterval })
    .from(locations)
    .where(and(eq(locations.customerId, customerId), eq(locations.name, name)))
    .limit(1);
  return row ?? null;
}

async function findGateway(tx: TDbOrTx, locationId: number, name: string) {
  const [row] = await tx
    .select({ id: gateways.id, name: gateways.name })
    .from(gateways)
    .where(and(eq(gateways.locationId, locationId), eq(gateways.name, name)))
    .limit(1);
  return row;
}
