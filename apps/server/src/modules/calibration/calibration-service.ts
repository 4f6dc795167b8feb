import {
  applyOffset,
  CALIBRATION_MESSAGE,
  CALIBRATION_RESULT,
  calibrationOffset,
  calibrationRefusal,
  isTemperatureChannel,
  offsetRefusal,
  sameReading,
  type TCalibrationRefusal,
  type TCalibrationResult,
  type TChannelCalibration,
  type TChannelOffsetPatch,
} from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { assertMayWrite } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { appendAuditLog } from '../devices/audit-log-repository';
import { readDeviceUnscoped, requireVisibleDevice, type TDeviceRow } from '../devices/device-repository';
import { findChannel, insertCalibrationLog, setChannelOffset, setDeviceCalibrationTs, type TChannelRow } from './calibration-repository';

/**
 * Calibration of a temperature channel and the offset edit (docs/calibration.md). The server is
 * the authority: it judges the channel's stored reading with the domain's rules (calibration.ts),
 * never the reading the browser saw, and refuses before it writes anything. Everything a
 * calibration changes (offset and shown value, calibratedAt, the node's calibration.ts, the log
 * row, the audit entry) is written in one transaction.
 */

/** 400 with the refusal's key and params, naming the field. */
function refused(status: number, refusal: TCalibrationRefusal, field: string, message: string): ApiError {
  return new ApiError(status, refusal.key, message, { [field]: refusal.key }, refusal.params);
}

/** The locked, visible device and its temperature channel; 404 `channelNotFound` for any other channel. */
async function requireTemperatureChannel(tx: TDbOrTx, user: TAuthUser, eui: string, channelId: string): Promise<{ device: TDeviceRow; channel: TChannelRow }> {
  // Locked: the intake worker locks the same row while it applies readings, so a calibration and a
  // new reading never interleave (the offset and the shown value stay in step).
  const device = await requireVisibleDevice(tx, user, eui, { lock: true });
  const channel = await findChannel(tx, device.eui, channelId);
  if (!channel || !isTemperatureChannel({ id: channel.channelId, type: channel.type })) {
    throw refused(404, { key: CALIBRATION_MESSAGE.channelNotFound, params: { channel: channelId } }, 'channelId', `Device ${device.eui} has no temperature channel ${channelId}`);
  }
  return { device, channel };
}

/** POST /devices/{eui}/channels/{channelId}/calibration (calibration). */
export async function calibrateChannel(db: TDb, user: TAuthUser, eui: string, channelId: string, body: TChannelCalibration): Promise<TCalibrationResult> {
  const { deviceEui, offset } = await db.transaction(async (tx) => {
    const { device, channel } = await requireTemperatureChannel(tx, user, eui, channelId);
    const nowMs = Date.now();
    const measured = channel.rawValue;
    const readingRefusal = calibrationRefusal({ channelId, value: measured, measuredAtMs: channel.ts?.getTime() ?? null }, nowMs);
    if (readingRefusal || measured === null) {
      throw refused(400, readingRefusal ?? { key: CALIBRATION_MESSAGE.noReading, params: { channel: channelId } }, 'measured', `Channel ${channelId} cannot be calibrated now: ${readingRefusal?.key}`);
    }
    if (!sameReading(body.measured, measured)) {
      throw refused(409, { key: CALIBRATION_MESSAGE.readingChanged, params: { measured } }, 'measured', `The stored reading of ${channelId} is ${measured}, not ${body.measured}`);
    }
    const newOffset = calibrationOffset(body.calibrated, measured);
    const tooLarge = offsetRefusal(newOffset);
    if (tooLarge) throw refused(400, tooLarge, 'calibrated', `Offset ${newOffset} is beyond the plausible correction`);
    if (!sameReading(body.offset, newOffset)) {
      throw refused(400, { key: CALIBRATION_MESSAGE.offsetMismatch, params: { offset: newOffset } }, 'offset', `The offset is calibrated - measured = ${newOffset}`);
    }

    const at = new Date(nowMs);
    await setChannelOffset(tx, device.eui, channelId, { offset: newOffset, value: applyOffset(measured, newOffset), calibratedAt: at, drift: null });
    await setDeviceCalibrationTs(tx, device.eui, at);
    await insertCalibrationLog(tx, {
      deviceEui: device.eui,
      customerId: device.customerId,
      locationId: device.locationId,
      ts: at,
      channel: channelId,
      measured,
      calibrated: body.calibrated,
      offset: newOffset,
      userEmail: user.email,
    });
    await appendAuditLog(tx, device.eui, user.email, {
      action: 'calibration',
      channel: channelId,
      measured,
      calibrated: body.calibrated,
      offset: newOffset,
      changes: { offset: [channel.offset, newOffset] },
    });
    return { deviceEui: device.eui, offset: newOffset };
  });
  return { key: CALIBRATION_RESULT.calibrated, channel: channelId, offset, device: await readDeviceUnscoped(db, deviceEui) };
}

/**
 * PATCH /devices/{eui}/channels/{channelId}/calibration (calibrationDataEdit): an offset typed by
 * hand. Not a calibration: calibratedAt, calibration.ts and the calibration log stay; the shown
 * value follows the new offset at once. An unchanged offset writes nothing and answers calibAlready.
 */
export async function editChannelOffset(db: TDb, user: TAuthUser, eui: string, channelId: string, body: TChannelOffsetPatch): Promise<TCalibrationResult> {
  const { deviceEui, key, offset } = await db.transaction(async (tx) => {
    const { device, channel } = await requireTemperatureChannel(tx, user, eui, channelId);
    assertMayWrite(user, ['device.channels.offset']);
    if (sameReading(body.offset, channel.offset)) return { deviceEui: device.eui, key: CALIBRATION_RESULT.unchanged, offset: channel.offset };
    const value = channel.rawValue === null ? null : applyOffset(channel.rawValue, body.offset);
    await setChannelOffset(tx, device.eui, channelId, { offset: body.offset, value });
    await appendAuditLog(tx, device.eui, user.email, { action: 'calibrationEdit', channel: channelId, offset: body.offset, changes: { offset: [channel.offset, body.offset] } });
    return { deviceEui: device.eui, key: CALIBRATION_RESULT.edited, offset: body.offset };
  });
  return { key, channel: channelId, offset, device: await readDeviceUnscoped(db, deviceEui) };
}
