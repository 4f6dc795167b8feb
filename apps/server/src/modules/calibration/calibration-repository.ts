import { and, eq, sql } from 'drizzle-orm';
import type { TChannelDrift } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { calibrationLogs, deviceChannels, devices } from '../../db/schema';

export type TChannelRow = typeof deviceChannels.$inferSelect;

/** One channel of a device, or undefined. */
export async function findChannel(tx: TDbOrTx, eui: string, channelId: string): Promise<TChannelRow | undefined> {
  const [row] = await tx
    .select()
    .from(deviceChannels)
    .where(and(eq(deviceChannels.deviceEui, eui), eq(deviceChannels.channelId, channelId)));
  return row;
}

/** A channel's new offset and the value it shows now; `calibratedAt` only for a calibration, which also ends possible drift (`drift: null`). */
export async function setChannelOffset(
  tx: TDbOrTx,
  eui: string,
  channelId: string,
  values: { offset: number; value: number | null; calibratedAt?: Date; drift?: null },
): Promise<void> {
  await tx
    .update(deviceChannels)
    .set(values)
    .where(and(eq(deviceChannels.deviceEui, eui), eq(deviceChannels.channelId, channelId)));
}

/** The node's last calibration (`calibration.ts`), which the due-date lists count from. */
export async function setDeviceCalibrationTs(tx: TDbOrTx, eui: string, at: Date): Promise<void> {
  await tx.update(devices).set({ calibrationTs: at, updatedAt: sql`now()` }).where(eq(devices.eui, eui));
}

/** One row of the calibration log (the CSV download of customers and locations reads these). */
export async function insertCalibrationLog(tx: TDbOrTx, row: typeof calibrationLogs.$inferInsert): Promise<void> {
  await tx.insert(calibrationLogs).values(row);
}

/**
 * Possible sensor drift found by a check by hand (docs/calibration.md, "Drift"): kept on the channel
 * unless the channel was calibrated after the check (it says nothing about the sensor now) or a newer
 * check's drift is kept already. Answers whether it was kept.
 */
export async function markChannelDrift(tx: TDbOrTx, eui: string, channelId: string, drift: TChannelDrift): Promise<boolean> {
  const rows = await tx
    .update(deviceChannels)
    .set({ drift })
    .where(
      and(
        eq(deviceChannels.deviceEui, eui),
        eq(deviceChannels.channelId, channelId),
        sql`(${deviceChannels.calibratedAt} IS NULL OR ${deviceChannels.calibratedAt} < ${drift.at}::timestamptz)`,
        sql`(${deviceChannels.drift} IS NULL OR (${deviceChannels.drift} ->> 'at')::timestamptz <= ${drift.at}::timestamptz)`,
      ),
    )
    .returning({ eui: deviceChannels.deviceEui });
  return rows.length > 0;
}
