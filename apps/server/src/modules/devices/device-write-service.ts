import { and, eq, sql } from 'drizzle-orm';
import {
  DEVICE_MESSAGE,
  encodeDownlink,
  ENCRYPTION_MODES,
  isEui,
  MESSAGE,
  messageKey,
  NODE_MESSAGE,
  normalizeEui,
  REGISTRATION_CALIBRATION_INTERVAL,
  registrationPresets,
  type TDevice,
  type TDeviceChannelPatch,
  type TDeviceLoraPatch,
  type TDeviceType,
  type TRegisterValue,
} from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { customers, deviceChannels, devices, gateways, locations, networkServers, overflowLogs, products } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { inCustomerScope, scopedCustomerIds } from '../../identity/customer-scope';
import { assertMayWrite, holdsEntry, isAdministrator, mayWriteField } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { queueParameters } from '../downlinks/parameter-service';
import { settingEntriesFor } from '../downlinks/setting-groups';
import { appendAuditLog } from './audit-log-repository';
import { deviceEvents } from './device-events';
import { readDeviceUnscoped, requireVisibleDevice, type TDeviceRow } from './device-repository';

/**
 * Node writes (docs/nodes.md, "Server"): registration, edit,
 * move, removal and battery swap through PATCH /devices/{eui}/lora/{encryptionMode}, and the
 * channel edit. Field rights are catalogue paths checked with assertMayWrite; only fields whose
 * value changes count, so the edit form may send every field back unchanged.
 */

const FAUCET_PRODUCT_TYPE = 'Faucet';
const STARTED = 'Started';
const STOPPED = 'Stopped';

type TChange = [unknown, unknown];
type TAction = 'register' | 'remove' | 'move' | 'batterySwap' | 'edit';

export interface TDeviceWriteResult {
  device: TDevice;
  /** Downlinks were queued (registration presets): the sender should be woken. */
  queued: boolean;
}

/**
 * The setting entries (`registers.<group>`) that presets sent in a request need, like the
 * parameter routes: a field whose value differs from the portal's own registration preset
 * (nodes specification, section 4) needs its group; the portal's presets themselves need none.
 */
function presetSettingEntries(type: TDeviceType, presets: readonly TRegisterValue[]): string[] {
  const portal = new Map(registrationPresets(type).map((entry) => [entry.register, entry.value]));
  return [...new Set(presets.flatMap((entry) => settingEntriesFor(type, entry.register, portal.get(entry.register) ?? null, entry.value)))];
}

function isAssigned(row: TDeviceRow): boolean {
  return row.customerId !== null && row.locationId !== null;
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

/**
 * PATCH /devices/{eui}/lora/{encryptionMode}. Outside the caller's customers the node does not
 * exist (404); an unassigned node is visible only to administrators, and to holders of addNode
 * when the request registers it (they type the EUI printed on the node).
 */
export async function patchDevice(db: TDb, user: TAuthUser, eui: string, encryptionMode: string, body: TDeviceLoraPatch): Promise<TDeviceWriteResult> {
  if (!isEui(eui)) throw ApiError.notFound(`No device ${eui}`);
  const normalizedEui = normalizeEui(eui);
  let queued = false;
  let swapped = false;
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(devices).where(eq(devices.eui, normalizedEui)).for('update');
    const registering = row !== undefined && !isAssigned(row) && typeof body.customer === 'string' && typeof body.location === 'string';
    const visible =
      row !== undefined &&
      (isAdministrator(user) || (row.customerId !== null && inCustomerScope(user, row.customerId)) || (registering && mayWriteField(user, 'device.register')));
    if (!row || !visible) throw ApiError.notFound(`No device ${eui}`);

    const needed = new Set<string>();
    const invalid: Record<string, string> = {};
    const changes: Record<string, TChange> = {};
    const set: Partial<typeof devices.$inferInsert> = {};
    const actions = new Set<TAction>();
    const change = (field: string, before: unknown, after: unknown, right: string | null) => {
      changes[field] = [before, after];
      if (right) needed.add(right);
    };

    // ---- texts
    if (body.name !== undefined && body.name !== row.name) {
      change('name', row.name, body.name, 'device.name');
      set.name = body.name;
    }
    for (const field of ['notes', 'locationNotes'] as const) {
      const value = notesValue(body[field]);
      if (value !== undefined && value !== row[field]) {
        change(field, row[field], value, `device.${field}`);
        set[field] = value;
      }
    }

    // ---- placement: registration, move, removal
    /** A move copies the new location's calibration interval into the node, whoever moves (nodes specification). */
    let movedToInterval: number | undefined;
    const currentCustomer = await nameOf(tx, customers, row.customerId);
    const currentLocation = await nameOf(tx, locations, row.locationId);
    let locationId = row.locationId;
    if (body.customer === null || body.location === null) {
      if (body.customer !== null) invalid.customer = MESSAGE.required;
      else if (body.location !== null) invalid.location = MESSAGE.required;
      else if (row.customerId !== null || row.locationId !== null) {
        actions.add('remove');
        needed.add('device.remove');
        change('customer', currentCustomer, null, null);
        change('location', currentLocation, null, null);
        set.customerId = null;
        set.locationId = null;
        locationId = null;
        if (row.gatewayId !== null) {
          change('gateway', await nameOf(tx, gateways, row.gatewayId), null, null);
          set.gatewayId = null;
        }
        if (row.loraState !== STOPPED) change('lora.state', row.loraState, STOPPED, null);
        set.loraState = STOPPED;
      }
    } else if (body.customer !== undefined || body.location !== undefined) {
      const customerName = body.customer ?? currentCustomer;
      const customerChanged = customerName !== currentCustomer;
      const locationName = body.location ?? (customerChanged ? null : currentLocation);
      if (!customerName) invalid.customer = MESSAGE.required;
      if (!locationName) invalid.location = MESSAGE.required;
      const customer = customerName ? await findCustomerInScope(tx, user, customerName) : null;
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
        change('customer', currentCustomer, customer.name, null);
        change('location', currentLocation, location.name, null);
        set.customerId = customer.id;
        set.locationId = location.id;
        locationId = location.id;
        if (actions.has('move') && location.id !== row.locationId) movedToInterval = location.calibrationInterval;
      }
    }

    // ---- gateway: one of the node's (new) location; a move clears a gateway of the old location
    const currentGateway = await nameOf(tx, gateways, row.gatewayId);
    if (body.gateway !== undefined) {
      if (body.gateway !== currentGateway || locationId !== row.locationId) {
        const gateway = body.gateway === null ? null : locationId === null ? undefined : await findGateway(tx, locationId, body.gateway);
        if (body.gateway !== currentGateway) needed.add('device.gateway');
        if (gateway === undefined) invalid.gateway = messageKey(NODE_MESSAGE.unknownGateway, { name: body.gateway ?? '' });
        else if ((gateway?.id ?? null) !== row.gatewayId) {
          change('gateway', currentGateway, gateway?.name ?? null, null);
          set.gatewayId = gateway?.id ?? null;
        }
      }
    } else if (row.gatewayId !== null && locationId !== row.locationId && set.gatewayId === undefined) {
      change('gateway', currentGateway, null, null);
      set.gatewayId = null;
    }

    // ---- flush device: a Faucet product
    if (body.flushDevice !== undefined) {
      const currentFlushDevice = await nameOf(tx, products, row.flushDeviceId);
      if (body.flushDevice !== currentFlushDevice) {
        needed.add('device.flushDevice');
        if (body.flushDevice === null) {
          change('flushDevice', currentFlushDevice, null, null);
          set.flushDeviceId = null;
        } else {
          const [product] = await tx.select({ id: products.id, type: products.type }).from(products).where(eq(products.name, body.flushDevice)).limit(1);
          if (!product) invalid.flushDevice = messageKey(NODE_MESSAGE.unknownProduct, { name: body.flushDevice });
          else if (product.type !== FAUCET_PRODUCT_TYPE) invalid.flushDevice = messageKey(NODE_MESSAGE.productType, { type: FAUCET_PRODUCT_TYPE });
          else {
            change('flushDevice', currentFlushDevice, body.flushDevice, null);
            set.flushDeviceId = product.id;
          }
        }
      }
    }

    // ---- calibration interval and minimum deviation (administrators); registration forces 2
    if (actions.has('register')) {
      if (row.calibrationInterval !== REGISTRATION_CALIBRATION_INTERVAL) change('calibration.interval', row.calibrationInterval, REGISTRATION_CALIBRATION_INTERVAL, null);
      set.calibrationInterval = REGISTRATION_CALIBRATION_INTERVAL;
    } else if (movedToInterval !== undefined) {
      // Part of the move (moveNode), like the forced 2 of a registration: a sent interval is ignored.
      if (row.calibrationInterval !== movedToInterval) change('calibration.interval', row.calibrationInterval, movedToInterval, null);
      set.calibrationInterval = movedToInterval;
    } else if (body.calibration && body.calibration.interval !== row.calibrationInterval) {
      change('calibration.interval', row.calibrationInterval, body.calibration.interval, 'device.calibration.interval');
      set.calibrationInterval = body.calibration.interval;
    }
    if (body.flush && body.flush.minimumTemperatureDeviation !== row.flushMinimumTemperatureDeviation) {
      change('flush.minimumTemperatureDeviation', row.flushMinimumTemperatureDeviation, body.flush.minimumTemperatureDeviation, 'device.flush.minimumTemperatureDeviation');
      set.flushMinimumTemperatureDeviation = body.flush.minimumTemperatureDeviation;
    }

    // ---- lora: state follows registration and removal; anything else is an administrator's call
    if (actions.has('register')) {
      if (row.loraState !== STARTED) change('lora.state', row.loraState, STARTED, null);
      set.loraState = STARTED;
    }
    const stateAfter = set.loraState ?? row.loraState;
    if (body.lora?.state !== undefined && body.lora.state !== stateAfter) {
      change('lora.state', row.loraState, body.lora.state, 'device.lora.state');
      set.loraState = body.lora.state;
    }
    if (body.lora?.networkServer !== undefined) {
      const currentServer = await nameOf(tx, networkServers, row.networkServerId);
      if (body.lora.networkServer !== currentServer) {
        needed.add('device.lora.networkServer');
        const [server] = await tx.select({ id: networkServers.id }).from(networkServers).where(eq(networkServers.name, body.lora.networkServer)).limit(1);
        if (!server) invalid['lora.networkServer'] = messageKey(DEVICE_MESSAGE.unknownNetworkServer, { name: body.lora.networkServer });
        else {
          change('lora.networkServer', currentServer, body.lora.networkServer, null);
          set.networkServerId = server.id;
        }
      }
    }
    if (!(ENCRYPTION_MODES as readonly string[]).includes(encryptionMode)) invalid.encryptionMode = MESSAGE.oneOf;
    else if (encryptionMode !== row.encryptionMode) {
      change('lora.encryption.mode', row.encryptionMode, encryptionMode, 'device.lora.encryption.mode');
      set.encryptionMode = encryptionMode;
    }

    // ---- presets: stored; on registration also sent (the type's presets unless the body gives them)
    const type = row.type as TDeviceType;
    let presets: TRegisterValue[] | undefined;
    if (body.presets !== undefined && JSON.stringify(body.presets) !== JSON.stringify(row.presets)) {
      needed.add('device.presets');
      presets = body.presets;
    } else if (actions.has('register')) presets = body.presets ?? registrationPresets(type);
    if (presets !== undefined) {
      if (new Set(presets.map((entry) => entry.register)).size !== presets.length) invalid.presets = MESSAGE.invalid;
      else if (presets.length) {
        try {
          encodeDownlink(type, presets);
        } catch {
          invalid.presets = MESSAGE.invalid;
        }
      }
      if (JSON.stringify(presets) !== JSON.stringify(row.presets)) change('presets', row.presets, presets, null);
      set.presets = presets;
    }

    // ---- battery swap (calibration right): the server's clock, alarm cleared
    if (body.battery !== undefined) {
      actions.add('batterySwap');
      needed.add('device.battery');
      const now = new Date();
      change('battery.ts', row.batteryTs?.toISOString() ?? null, now.toISOString(), null);
      change('battery.alarm.ts', row.batteryAlarmTs, 0, null);
      set.batteryTs = now;
      set.batteryAlarmTs = 0;
    }

    // A registered node has a name.
    if (actions.has('register') && (set.name ?? row.name).trim() === '') invalid.name = MESSAGE.required;

    assertMayWrite(user, [...needed]);
    // Presets are settings for the node: the same setting-group rule as the parameter routes.
    const refusedSettings = body.presets ? presetSettingEntries(type, body.presets).filter((path) => !holdsEntry(user, path, ['setting'])) : [];
    if (refusedSettings.length) {
      throw ApiError.forbidden(
        `Not allowed to change: ${refusedSettings.join(', ')}`,
        Object.fromEntries(refusedSettings.map((path) => [path, 'errors.forbidden'])),
      );
    }
    if (Object.keys(invalid).length) throw ApiError.badRequest(`Invalid fields: ${Object.keys(invalid).join(', ')}`, invalid);
    if (Object.keys(changes).length === 0) return;

    await tx.update(devices).set({ ...set, updatedAt: sql`now()` }).where(eq(devices.eui, row.eui));
    if (set.customerId !== undefined || set.locationId !== undefined) {
      // An active water detection moves with its node (docs/telemetry.md): once ended it is the new place's history.
      await tx
        .update(overflowLogs)
        .set({
          customerId: set.customerId !== undefined ? set.customerId : row.customerId,
          locationId: set.locationId !== undefined ? set.locationId : row.locationId,
        })
        .where(and(eq(overflowLogs.deviceEui, row.eui), eq(overflowLogs.state, 'Started')));
    }
    if (actions.has('register') && presets && presets.length) {
      await queueParameters(tx, { eui: row.eui, type: row.type, networkServerId: set.networkServerId ?? row.networkServerId }, presets);
      queued = true;
    }
    const action: TAction = (['register', 'remove', 'move', 'batterySwap'] as const).find((candidate) => actions.has(candidate)) ?? 'edit';
    await appendAuditLog(tx, row.eui, user.email, { action, changes });
    swapped = actions.has('batterySwap');
  });
  if (swapped) deviceEvents.emit('batterySwap', normalizedEui);
  return { device: await readDeviceUnscoped(db, normalizedEui), queued };
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

/** PATCH /devices/{eui}/channels/{channelId}: name and custom { mode, attachments } (editNode). */
export async function patchDeviceChannel(db: TDb, user: TAuthUser, eui: string, channelId: string, body: TDeviceChannelPatch): Promise<TDevice> {
  const normalizedEui = await db.transaction(async (tx) => {
    const device = await requireVisibleDevice(tx, user, eui);
    const [channel] = await tx
      .select()
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceEui, device.eui), eq(deviceChannels.channelId, channelId)))
      .for('update');
    if (!channel) throw ApiError.notFound(`Device ${device.eui} has no channel ${channelId}`);
    const changes: Record<string, TChange> = {};
    const set: Partial<typeof deviceChannels.$inferInsert> = {};
    if (body.name !== undefined && body.name !== channel.name) {
      changes.name = [channel.name, body.name];
      set.name = body.name;
    }
    if (body.custom !== undefined) {
      const custom = { ...channel.custom, mode: body.custom.mode, attachments: body.custom.attachments };
      if (JSON.stringify(custom) !== JSON.stringify(channel.custom)) {
        changes.custom = [channel.custom, custom];
        set.custom = custom;
      }
    }
    assertMayWrite(user, [...(set.name !== undefined ? ['device.channels.name'] : []), ...(set.custom !== undefined ? ['device.channels.custom'] : [])]);
    if (Object.keys(changes).length) {
      await tx.update(deviceChannels).set(set).where(and(eq(deviceChannels.deviceEui, device.eui), eq(deviceChannels.channelId, channelId)));
      await appendAuditLog(tx, device.eui, user.email, { action: 'channel', channel: channelId, changes });
    }
    return device.eui;
  });
  return readDeviceUnscoped(db, normalizedEui);
}
