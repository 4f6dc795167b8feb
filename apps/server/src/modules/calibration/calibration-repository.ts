import { and, eq, sql } from 'drizzle-orm';
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

