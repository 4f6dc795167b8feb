import { z } from 'zod';
import { CALIBRATION_FRESHNESS_MS, FAULTY_READING_AT_OR_BELOW } from './constants';
import { ZDevice } from './devices';
import { channelNumber } from './node-functions';
import { MESSAGE, messageKey, type TMessageParams } from './validation/message-key';
import { checkNumber, parseFormNumber, zNumber, type TNumberRule } from './validation/validators';

/**
 * Calibrating a temperature channel against a reference thermometer (docs/calibration.md). The server decides with these rules and the calibration dialog shows the
 * same refusals before it sends, so both speak with one voice.
 *
 * - The reading is the channel's **raw** value (what the sensor sent, `rawValue`): the offset is
 *   the whole correction, calibrated - measured, and replaces the old one. Measured against the
 *   already corrected value, a second calibration would stack its offset on the first.
 * - A reading at or below -100 is a broken or missing sensor: `checkSensor` with the channel number.
 * - A reading older than 120000 ms is refused with the window and the time of the reading;
 *   exactly 120000 ms old is still accepted ("no older than 2 minutes").
 * - The offset is rounded to one decimal, the resolution of the sensor (tenths of a degree), half
 *   away from zero, so +0.05 and -0.05 round alike.
 */

/** Server refusal keys of calibration (texts in i18n/messages.ts, "calibration"). */
export const CALIBRATION_MESSAGE = {
  /** The reading is at or below -100: `channel` (the channel number). */
  checkSensor: 'errors.checkSensor',
  /** The reading is too old: `channel`, `minutes` (the window), `measuredAt` (ISO text of the reading). */
  readingTooOld: 'errors.calibrationReadingTooOld',
  /** The channel never sent a reading: `channel`. */
  noReading: 'errors.calibrationNoReading',
  /** No such temperature channel on the node: `channel` (its id). */
  channelNotFound: 'errors.channelNotFound',
  /** The body's measured value is not the stored reading (a newer reading came in): `measured`. */
  readingChanged: 'errors.calibrationReadingChanged',
  /** The body's offset is not calibrated - measured: `offset` (the right one). */
  offsetMismatch: 'errors.calibrationOffsetMismatch',
  /** calibrated - measured is larger than the plausible correction: `offset`, `max`. */
  offsetTooLarge: 'errors.calibrationOffsetTooLarge',
} as const;

/**
 * The largest correction a calibration may store, in °C either way. A sensor that is further off
 * is broken, and a larger offset is nearly always a typing error in the reference (6.0 for 60.0),
 * which would otherwise shift every later reading of a hot-water line by tens of degrees.
 */
export const MAX_CALIBRATION_OFFSET = 10;
/** What a reference thermometer may read, °C: the sensor's range and boiling water with room to spare. */
export const REFERENCE_TEMPERATURE_RULE: TNumberRule = { min: -100, max: 150, decimals: 2 };
/** An offset typed by hand (PATCH): one decimal, at most MAX_CALIBRATION_OFFSET either way. */
export const OFFSET_RULE: TNumberRule = { min: -MAX_CALIBRATION_OFFSET, max: MAX_CALIBRATION_OFFSET, decimals: 1 };
/** The calibration window in whole minutes, as the messages name it. */
export const CALIBRATION_WINDOW_MINUTES = CALIBRATION_FRESHNESS_MS / 60_000;

/**
 * What is left of the freshness window of a reading measured at `measuredAtMs`, in ms (0 once it
 * is too old): the phone's calibration screen shows it running down (docs/field-work.md).
 */
export function calibrationWindowLeftMs(measuredAtMs: number, nowMs: number): number {
  return Math.max(0, CALIBRATION_FRESHNESS_MS - readingAgeMs(measuredAtMs, nowMs));
}

/** "1:05": minutes and seconds of a duration in ms, seconds rounded up (0:01 until it is over). */
export function minutesSecondsText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Only temperature channels are calibrated. */
export function isTemperatureChannel(channel: { id: string; type?: string }): boolean {
  return channel.id.startsWith('temperature');
}

/** A number rounded to tenths, half away from zero; the tiny nudge undoes binary fractions (60.15 - 60.1 is 0.0499999...). */
export function roundToTenth(value: number): number {
  const tenths = Math.round(Math.abs(value) * 10 + 1e-9) / 10;
  return value < 0 ? -tenths : tenths;
}

/** offset = calibrated - measured, to the sensor's resolution of 0.1 °C. */
export function calibrationOffset(calibrated: number, measured: number): number {
  const offset = roundToTenth(calibrated - measured);
  return offset === 0 ? 0 : offset;
}

/**
 * A raw reading with the channel's offset applied, to one decimal: what the channel shows and the
 * history keeps. "No sensor" and other faulty readings (at or below -100) stay as they are.
 */
export function applyOffset(raw: number, offset: number): number {
  if (raw <= FAULTY_READING_AT_OR_BELOW) return raw;
  return Math.round((raw + offset) * 10) / 10;
}

/** Two readings are the same when they agree to the tenth (the sensor's resolution). */
export function sameReading(a: number, b: number): boolean {
  return Math.round(a * 10) === Math.round(b * 10);
}

export interface TCalibrationReading {
  channelId: string;
  /** The raw reading; null when the channel never reported. */
  value: number | null;
  /** When it was measured, ms since the epoch; null when never. */
  measuredAtMs: number | null;
}

export interface TCalibrationRefusal {
  key: string;
  params: TMessageParams;
}

/** Age of a reading at `nowMs`; a reading stamped slightly in the future (clock skew) counts as 0. */
export function readingAgeMs(measuredAtMs: number, nowMs: number): number {
  return Math.max(0, nowMs - measuredAtMs);
}

/**
 * Why a reading cannot be calibrated against, or null when it can. A broken sensor is named
 * before an old reading: replacing the sensor comes before waiting for the next message.
 */
export function calibrationRefusal(reading: TCalibrationReading, nowMs: number): TCalibrationRefusal | null {
  const channel = channelNumber(reading.channelId) ?? reading.channelId;
  if (reading.value === null || reading.measuredAtMs === null) return { key: CALIBRATION_MESSAGE.noReading, params: { channel } };
  if (reading.value <= FAULTY_READING_AT_OR_BELOW) return { key: CALIBRATION_MESSAGE.checkSensor, params: { channel } };
  if (readingAgeMs(reading.measuredAtMs, nowMs) > CALIBRATION_FRESHNESS_MS) {
    return {
      key: CALIBRATION_MESSAGE.readingTooOld,
      params: { channel, minutes: CALIBRATION_WINDOW_MINUTES, measuredAt: new Date(reading.measuredAtMs).toISOString() },
    };
  }
  return null;
}

/** The refusal of an offset beyond MAX_CALIBRATION_OFFSET, or null. */
export function offsetRefusal(offset: number): TCalibrationRefusal | null {
  return Math.abs(offset) > MAX_CALIBRATION_OFFSET ? { key: CALIBRATION_MESSAGE.offsetTooLarge, params: { offset, max: MAX_CALIBRATION_OFFSET } } : null;
}

/**
 * A number typed by a person: a comma counts as the decimal separator (Dutch "59,5"), spaces
 * around it are ignored. Answers NaN for anything else ("", "5,5,5", "1e3", "abc"), so the caller
 * can tell "required" (empty) from "not a number".
 */
export function parseDecimal(text: string): number {
  return parseFormNumber(text) ?? Number.NaN;
}

/** The reference temperature field: the value, or the message key of what is wrong with it. */
export function checkReferenceInput(text: string): { value: number } | { error: string } {
  if (text.trim() === '') return { error: MESSAGE.required };
  const value = parseDecimal(text);
  if (Number.isNaN(value)) return { error: MESSAGE.number };
  const failure = checkNumber(value, REFERENCE_TEMPERATURE_RULE);
  return failure ? { error: failure } : { value };
}

/** The offset field of the offset edit: the value, or the message key of what is wrong with it. */
export function checkOffsetInput(text: string): { value: number } | { error: string } {
  if (text.trim() === '') return { error: MESSAGE.required };
  const value = parseDecimal(text);
  if (Number.isNaN(value)) return { error: MESSAGE.number };
  const failure = checkNumber(value, OFFSET_RULE);
  return failure ? { error: failure } : { value: value === 0 ? 0 : value };
}

/** POST /devices/{eui}/channels/{channelId}/calibration (answers calibrated, offset, measured: docs/calibration.md, Server). */
export const ZChannelCalibration = z.object({
  /** The reference thermometer's temperature, °C. */
  calibrated: zNumber(REFERENCE_TEMPERATURE_RULE),
  /** calibrated - measured to one decimal; the server checks it against its own computation. */
  offset: z.number({ error: MESSAGE.required }),
  /** The raw reading the dialog showed; the server checks it is still the stored one. */
  measured: z.number({ error: MESSAGE.required }),
});
export type TChannelCalibration = z.infer<typeof ZChannelCalibration>;

/** PATCH /devices/{eui}/channels/{channelId}/calibration: a new offset typed by hand (calibrationDataEdit). */
export const ZChannelOffsetPatch = z.object({ offset: zNumber(OFFSET_RULE) });
export type TChannelOffsetPatch = z.infer<typeof ZChannelOffsetPatch>;

/** What both calibration calls answer: the success message key with its params, and the node as GET /devices/{eui}. */
export const ZCalibrationResult = z.object({
  /** snackbar.channelCalib, snackbar.calibEdit, or snackbar.calibAlready (unchanged offset, shown as success). */
  key: z.string(),
  channel: z.string(),
  offset: z.number(),
  device: ZDevice,
});
export type TCalibrationResult = z.infer<typeof ZCalibrationResult>;

/** The success keys the calibration calls answer (texts in i18n/ui-calibration.ts, `snackbar`). */
export const CALIBRATION_RESULT = {
  calibrated: 'snackbar.channelCalib',
  edited: 'snackbar.calibEdit',
  unchanged: 'snackbar.calibAlready',
} as const;

/** A refusal key with its params as one string (for a form field's error). */
export const refusalKey = (refusal: TCalibrationRefusal) => messageKey(refusal.key, refusal.params);
