import { and, eq, sql } from 'drizzle-orm';
import {
  isEui,
  normalizeEui,
  registrationPresets,
  type TDevice,
  type TDeviceChannelPatch,
  type TDeviceLoraPatch,
  type TDeviceType,
  type TRegisterValue,
} from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { deviceChannels, devices, overflowLogs } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { inCustomerScope } from '../../identity/customer-scope';
import { assertMayWrite, holdsEntry, isAdministrator, mayWriteField } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { queueParameters } from '../downlinks/parameter-service';
import { settingEntriesFor } from '../downlinks/setting-groups';
import { appendAuditLog } from './audit-log-repository';
import { closeAlarmsOfNodeLeavingPlace } from './device-alarms';
import { deviceEvents } from './device-events';
import {
  isAssigned,
  mainAction,
  planBatterySwap,
  planCalibration,
  planFlushDevice,
  planGateway,
  planLora,
  planPlacement,
  planPresets,
  planRequiredName,
  planTexts,
  startPlan,
  type TDevicePatchPlan,
} from './device-patch-plan';
import { readDeviceUnscoped, requireVisibleDevice } from './device-repository';

/**
 * Node writes (docs/nodes.md, "Server"): registration, edit,
 * move, removal and battery swap through PATCH /devices/{eui}/lora/{encryptionMode}, and the
 * channel edit. Field rights are catalogue paths checked with assertMayWrite; only fields whose
 * value changes count, so the edit form may send every field back unchanged.
 */

/** An overflow detection still running (docs/telemetry.md). */
const OVERFLOW_ACTIVE = 'Started';

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

/** Field rights, the presets' setting groups, then the invalid fields: in that order, before anything is written. */
function assertPlanAllowed(plan: TDevicePatchPlan, type: TDeviceType): void {
  assertMayWrite(plan.user, [...plan.needed]);
  // Presets are settings for the node: the same setting-group rule as the parameter routes.
  const refusedSettings = plan.body.presets ? presetSettingEntries(type, plan.body.presets).filter((path) => !holdsEntry(plan.user, path, ['setting'])) : [];
  if (refusedSettings.length) {
    throw ApiError.forbidden(
      `Not allowed to change: ${refusedSettings.join(', ')}`,
      Object.fromEntries(refusedSettings.map((path) => [path, 'errors.forbidden'])),
    );
  }
  const invalid = Object.keys(plan.invalid);
  if (invalid.length) throw ApiError.badRequest(`Invalid fields: ${invalid.join(', ')}`, plan.invalid);
}

async function applyPlan(tx: TDbOrTx, plan: TDevicePatchPlan, now: Date): Promise<{ queued: boolean }> {
  const { row, set } = plan;
  await tx.update(devices).set({ ...set, updatedAt: sql`now()` }).where(eq(devices.eui, row.eui));
  if (set.customerId !== undefined || set.locationId !== undefined) {
    const place = {
      customerId: set.customerId !== undefined ? set.customerId : row.customerId,
      locationId: set.locationId !== undefined ? set.locationId : row.locationId,
    };
    // An active water detection moves with its node (docs/telemetry.md): once ended it is the new place's history.
    await tx
      .update(overflowLogs)
      .set(place)
      .where(and(eq(overflowLogs.deviceEui, row.eui), eq(overflowLogs.state, OVERFLOW_ACTIVE)));
    // Its active alarms stay in the old place's logbook, closed now (docs/alarms.md, "A node that moves or is removed").
    await closeAlarmsOfNodeLeavingPlace(tx, row.eui, place, now, { batterySwapped: plan.actions.has('batterySwap') });
  }
  let queued = false;
  if (plan.actions.has('register') && plan.presets?.length) {
    await queueParameters(tx, { eui: row.eui, type: row.type, networkServerId: set.networkServerId ?? row.networkServerId }, plan.presets);
    queued = true;
  }
  await appendAuditLog(tx, row.eui, plan.user.email, { action: mainAction(plan), changes: plan.changes });
  return { queued };
}

/**
 * PATCH /devices/{eui}/lora/{encryptionMode}. Outside the caller's customers the node does not
 * exist (404); an unassigned node is visible only to administrators, and to holders of addNode
 * when the request registers it (they type the EUI printed on the node).
 */
export async function patchDevice(db: TDb, user: TAuthUser, eui: string, encryptionMode: string, body: TDeviceLoraPatch): Promise<TDeviceWriteResult> {
  if (!isEui(eui)) throw ApiError.notFound(`No device ${eui}`);
  const normalizedEui = normalizeEui(eui);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(devices).where(eq(devices.eui, normalizedEui)).for('update');
    const registering = row !== undefined && !isAssigned(row) && typeof body.customer === 'string' && typeof body.location === 'string';
    const visible =
      row !== undefined &&
      (isAdministrator(user) || (row.customerId !== null && inCustomerScope(user, row.customerId)) || (registering && mayWriteField(user, 'device.register')));
    if (!row || !visible) throw ApiError.notFound(`No device ${eui}`);

    const type = row.type;
    const plan = startPlan(row, body, user);
    planTexts(plan);
    await planPlacement(tx, plan);
    await planGateway(tx, plan);
    await planFlushDevice(tx, plan);
    planCalibration(plan);
    await planLora(tx, plan, encryptionMode);
    planPresets(plan, type);
    const now = new Date();
    planBatterySwap(plan, now);
    planRequiredName(plan);
    assertPlanAllowed(plan, type);
    if (Object.keys(plan.changes).length === 0) return { queued: false, swapped: false };
    const { queued } = await applyPlan(tx, plan, now);
    return { queued, swapped: plan.actions.has('batterySwap') };
  });
  if (outcome.swapped) deviceEvents.emit('batterySwap', normalizedEui);
  return { device: await readDeviceUnscoped(db, normalizedEui), queued: outcome.queued };
}

/** PATCH /devices/{eui}/channels/{channelId}: name, custom { mode, attachments } and role (editNode). */
export async function patchDeviceChannel(db: TDb, user: TAuthUser, eui: string, channelId: string, body: TDeviceChannelPatch): Promise<TDevice> {
  const normalizedEui = await db.transaction(async (tx) => {
    const device = await requireVisibleDevice(tx, user, eui);
    const [channel] = await tx
      .select()
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceEui, device.eui), eq(deviceChannels.channelId, channelId)))
      .for('update');
    if (!channel) throw ApiError.notFound(`Device ${device.eui} has no channel ${channelId}`);
    const changes: Record<string, [unknown, unknown]> = {};
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
    // The role (docs/logbook.md, "Roles") is written under the same right as the mode: both say what the sensor measures.
    if (body.role !== undefined && body.role !== channel.role) {
      if (channel.type !== 'Temperatuur') throw ApiError.badRequest(`Channel ${channelId} has no role`, { role: 'validation.oneOf' });
      changes.role = [channel.role, body.role];
      set.role = body.role;
    }
    assertMayWrite(user, [
      ...(set.name !== undefined ? ['device.channels.name'] : []),
      ...(set.custom !== undefined || set.role !== undefined ? ['device.channels.custom'] : []),
    ]);
    if (Object.keys(changes).length) {
      await tx.update(deviceChannels).set(set).where(and(eq(deviceChannels.deviceEui, device.eui), eq(deviceChannels.channelId, channelId)));
      await appendAuditLog(tx, device.eui, user.email, { action: 'channel', channel: channelId, changes });
    }
    return device.eui;
  });
  return readDeviceUnscoped(db, normalizedEui);
}
