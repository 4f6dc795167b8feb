import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkRegisterValues, encodeDownlink, sameValue, type TDeviceType } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { auditLogs, deviceParameters, devices, downlinks } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { inCustomerScope } from '../../identity/customer-scope';
import { holdsEntry, isAdministrator } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { settingEntriesFor } from './setting-groups';

export interface TRegisterValue {
  register: number;
  value: Record<string, unknown>;
}

export interface TSavedParameters {
  eui: string;
  sync: number;
  parameters: { register: number; value: unknown; status: string }[];
}

/**
 * Stores setting registers as `pending`, sets the device's sync to 0, encodes the registers
 * and queues the downlink frames for the sender, all in one transaction; the device's parameter
 * report later marks them `saved`. Outside the caller's customers the device does not exist (404).
 */
/**
 * `fieldsAs` renames the body paths of the settings check for the route's body: the list route's
 * paths (`0.value.logInterval`) as they are, the one-register route's as `value.logInterval`.
 */
export async function saveParameters(
  db: TDb,
  user: TAuthUser,
  eui: string,
  registers: TRegisterValue[],
  fieldsAs: (fields: Record<string, string>) => Record<string, string> = (fields) => fields,
): Promise<TSavedParameters> {
  const normalizedEui = eui.toUpperCase();
  return db.transaction(async (tx) => {
    const [device] = await tx.select().from(devices).where(eq(devices.eui, normalizedEui)).for('update');
    // The same scope as GET /devices/{eui}: an unassigned node is for administrators only (docs/architecture.md, Rights).
    const visible = device !== undefined && (isAdministrator(user) || (device.customerId !== null && inCustomerScope(user, device.customerId)));
    if (!device || !visible) throw ApiError.notFound(`Device ${eui} not found`);
    const type = device.type;

    const numbers = registers.map((entry) => entry.register);
    if (new Set(numbers).size !== numbers.length) throw ApiError.badRequest('A register appears more than once', { register: 'errors.badRequest' });
    const invalid = checkRegisterValues(type, registers);
    if (Object.keys(invalid).length) throw ApiError.badRequest(`Invalid settings for a ${type} node: ${Object.keys(invalid).join(', ')}`, fieldsAs(invalid));

    const current = await tx
      .select()
      .from(deviceParameters)
      .where(and(eq(deviceParameters.deviceEui, normalizedEui), inArray(deviceParameters.register, numbers)));
    const previous = new Map(current.map((row) => [row.register, row.value as Record<string, unknown>]));
    const needed = new Set(registers.flatMap((entry) => settingEntriesFor(type, entry.register, previous.get(entry.register) ?? null, entry.value)));
    const refused = [...needed].filter((path) => !holdsEntry(user, path, ['setting']));
    if (refused.length) throw ApiError.forbidden(`Not allowed to change: ${refused.join(', ')}`, Object.fromEntries(refused.map((path) => [path, 'errors.forbidden'])));

    const merged = await queueParameters(tx, device, registers, previous);
    await tx.insert(auditLogs).values({ deviceEui: normalizedEui, userEmail: user.email, value: { action: 'settings', registers: numbers, changes: settingChanges(registers, previous), values: merged } });

    const all = await tx.select().from(deviceParameters).where(eq(deviceParameters.deviceEui, normalizedEui)).orderBy(deviceParameters.register);
    return { eui: normalizedEui, sync: 0, parameters: all.map((row) => ({ register: row.register, value: row.value, status: row.status })) };
  });
}

/**
 * What a settings save changed, for the audit log (docs/nodes.md, "Audit log"): per sent field
 * whose value differs from the stored one, `"<register>.<field>": [before, after]` (before null
 * when the register or field was unknown). A register sent again unchanged adds nothing.
 */
export function settingChanges(registers: TRegisterValue[], previous: Map<number, Record<string, unknown>>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const entry of registers) {
    const before = previous.get(entry.register) ?? {};
    for (const [field, after] of Object.entries(entry.value)) {
      if (!sameValue(before[field], after)) changes[`${entry.register}.${field}`] = [before[field] ?? null, after];
    }
  }
  return changes;
}

/**
 * Stores registers as `pending` (merged over the stored values: a register may be sent in part),
 * sets the device's sync to 0 and queues the downlink frames, in the caller's transaction. No
 * rights check: callers decide (saveParameters checks setting groups, registration holds addNode).
 * A value the codec cannot send is a 400. Returns the merged registers.
 */
export async function queueParameters(
  tx: TDbOrTx,
  device: { eui: string; type: TDeviceType; networkServerId: number | null },
  registers: TRegisterValue[],
  previousValues?: Map<number, Record<string, unknown>>,
): Promise<TRegisterValue[]> {
  const type = device.type;
  const numbers = registers.map((entry) => entry.register);
  const previous =
    previousValues ??
    new Map(
      (
        await tx
          .select()
          .from(deviceParameters)
          .where(and(eq(deviceParameters.deviceEui, device.eui), inArray(deviceParameters.register, numbers)))
      ).map((row) => [row.register, row.value as Record<string, unknown>]),
    );
  // A register may be sent in part (the fields one right may change); what is kept is the whole.
  const merged = registers.map((entry) => ({ register: entry.register, value: { ...(previous.get(entry.register) ?? {}), ...entry.value } }));
  let frames: { fPort: number; bytes: Uint8Array }[];
  try {
    frames = encodeDownlink(type, merged);
  } catch (error) {
    throw ApiError.badRequest(`Settings cannot be sent to the node: ${error instanceof Error ? error.message : String(error)}`);
  }

  for (const entry of merged) {
    await tx
      .insert(deviceParameters)
      .values({ deviceEui: device.eui, register: entry.register, value: entry.value, status: 'pending' })
      .onConflictDoUpdate({
        target: [deviceParameters.deviceEui, deviceParameters.register],
        set: { value: entry.value, status: 'pending', updatedAt: sql`now()` },
      });
  }
  await tx.update(devices).set({ sync: 0, updatedAt: sql`now()` }).where(eq(devices.eui, device.eui));
  if (frames.length) {
    await tx.insert(downlinks).values(
      frames.map((frame) => ({ deviceEui: device.eui, networkServerId: device.networkServerId, fPort: frame.fPort, payload: Buffer.from(frame.bytes), registers: numbers })),
    );
  }
  return merged;
}
