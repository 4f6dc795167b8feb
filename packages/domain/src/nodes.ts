import { z } from 'zod';
import {
  CALIBRATION_INTERVALS,
  CHANNEL_ATTACHMENTS,
  CHANNEL_MODES,
  LORA_STATES,
  MINIMUM_DEVIATION,
  PAGE_SIZES,
  type TDeviceType,
} from './constants';
import type { TRegisterValue } from './codec/types';
import { PROFILES } from './device-types';
import { MESSAGE, messageKey } from './validation/message-key';
import { zNumber, zOneOf, zRequiredText } from './validation/validators';
import { ZChannelRole } from './logbook/roles';

/**
 * Node writes: the bodies of PATCH /devices/{eui}/lora/{encryptionMode}
 * and PATCH /devices/{eui}/channels/{channelId}, the registration presets, and the list
 * parameters of GET /devices. docs/nodes.md (server section) explains the decisions.
 */

export const NODE_MESSAGE = {
  unknownLocation: 'validation.unknownLocation',
  unknownGateway: 'validation.unknownGateway',
  unknownProduct: 'validation.unknownProduct',
  productType: 'validation.productType',
  unknownNetworkServer: 'validation.unknownNetworkServer',
} as const;

/** Range of calibration intervals in years (docs/screens.md, "Constants"). */
export const CALIBRATION_INTERVAL_RANGE = { min: CALIBRATION_INTERVALS[0], max: CALIBRATION_INTERVALS[CALIBRATION_INTERVALS.length - 1] } as const;

const zText = (max: number) => z.string().trim().max(max, { error: messageKey(MESSAGE.tooLong, { max }) });
/** '' (an emptied picker) counts as null: clear. */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const zClearableName = () => z.preprocess(emptyToNull, zRequiredText(200).nullable()).optional();

/** Calibration interval in years: an integer 1 to 3. */
export const zCalibrationInterval = () => zNumber({ ...CALIBRATION_INTERVAL_RANGE, integer: true });
/** Minimum temperature deviation: an integer 1 to 5 °C. */
export const zMinimumDeviation = () => zNumber({ ...MINIMUM_DEVIATION, integer: true });

export const ZRegisterValue = z.object({
  register: z.number({ error: MESSAGE.required }).int({ error: MESSAGE.integer }).min(1, { error: messageKey(MESSAGE.range, { min: 1, max: 255 }) }).max(255, { error: messageKey(MESSAGE.range, { min: 1, max: 255 }) }),
  value: z.record(z.string(), z.unknown(), { error: MESSAGE.required }),
});

/**
 * PATCH /devices/{eui}/lora/{encryptionMode}: any subset. One body serves every node write:
 * - registration: customer + location (+ lora.state 'Started') on an unassigned node (addNode);
 * - edit: name, notes, locationNotes, flushDevice, gateway (gatewayManagement), calibration.interval
 *   and flush.minimumTemperatureDeviation (administrators);
 * - move: another customer/location (moveNode);
 * - removal: customer null, location null, lora.state 'Stopped' (deleteNode);
 * - battery swap: battery { ts, alarm { ts: 0 } } (calibration); the server stores its own clock.
 * customer, location, gateway and flushDevice may be null ('' counts as null) to clear.
 */
export const ZDeviceLoraPatch = z.object({
  name: zRequiredText(200).optional(),
  notes: zText(4000).nullable().optional(),
  locationNotes: zText(4000).nullable().optional(),
  customer: zClearableName(),
  location: zClearableName(),
  gateway: zClearableName(),
  flushDevice: zClearableName(),
  calibration: z.object({ interval: zCalibrationInterval() }, { error: MESSAGE.required }).optional(),
  flush: z.object({ minimumTemperatureDeviation: zMinimumDeviation() }, { error: MESSAGE.required }).optional(),
  lora: z
    .object({
      state: zOneOf(LORA_STATES).optional(),
      networkServer: zRequiredText(100).optional(),
    })
    .optional(),
  presets: z.array(ZRegisterValue).max(16, { error: messageKey(MESSAGE.tooLong, { max: 16 }) }).optional(),
  battery: z
    .object({
      /** Ignored beyond "the battery was swapped": the server stores its own clock (ms number or ISO text accepted). */
      ts: z.union([z.number(), z.string().max(40)]).optional(),
      /** Only 0 (clears the battery alarm). */
      alarm: z.object({ ts: z.literal(0, { error: messageKey(MESSAGE.range, { min: 0, max: 0 }) }) }).optional(),
    })
    .optional(),
});
export type TDeviceLoraPatch = z.infer<typeof ZDeviceLoraPatch>;

/** PATCH /devices/{eui}/channels/{channelId}: name and/or custom { mode, attachments } and/or role (null: derive it from the mode). */
export const ZDeviceChannelPatch = z.object({
  name: zRequiredText(200).optional(),
  role: z.preprocess(emptyToNull, ZChannelRole.nullable()).optional(),
  custom: z
    .object(
      {
        mode: zOneOf(CHANNEL_MODES),
        attachments: z
          .array(zOneOf(CHANNEL_ATTACHMENTS))
          .max(CHANNEL_ATTACHMENTS.length * 4)
          .default([])
          .transform((list) => [...new Set(list)]),
      },
      { error: MESSAGE.required },
    )
    .optional(),
});
export type TDeviceChannelPatch = z.infer<typeof ZDeviceChannelPatch>;

// ---------------------------------------------------------------- registration (docs/nodes.md, "Registration presets")

/** Measure mode every input gets on registration: the actual temperature. */
export const REGISTRATION_INPUT_MODE = 'actual';

/**
 * The registers sent (and stored as presets) when a node is registered: every input measures
 * the actual temperature (V1: the system register's `mode`; V2, V3: its `inputs[]`), and a node
 * with water detection gets it off (resistanceThreshold 0 in the faucet's register). Partial
 * registers: only these fields. V1: registers 2 and 3; V2: 2 (three inputs) and 3; V3: 1 (two inputs).
 */
export function registrationPresets(type: TDeviceType): TRegisterValue[] {
  const profile = PROFILES[type];
  const measuring =
    profile.inputs.kind === 'mode'
      ? { mode: REGISTRATION_INPUT_MODE }
      : { inputs: Array.from({ length: profile.temperatureChannels }, () => ({ mode: REGISTRATION_INPUT_MODE })) };
  const presets: TRegisterValue[] = [{ register: profile.systemRegister, value: measuring }];
  if (profile.flush && profile.messageIds.overflow !== undefined) presets.push({ register: profile.flush.register, value: { resistanceThreshold: 0 } });
  return presets;
}

// ---------------------------------------------------------------- the node list (GET /devices)

export const NODE_LIST_PAGE_SIZES = PAGE_SIZES;
export const NODE_LIST_MAX_LIMIT = 100;
/** Sort fields of GET /devices?sort=; a leading '-' sorts descending. */
export const DEVICE_SORT_FIELDS = ['name', 'eui', 'type', 'temperature1', 'temperature2', 'temperature3', 'calibration', 'lastOnline', 'signal', 'sync'] as const;
export type TDeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];
/**
 * GET /devices?assigned=true: only nodes with both a customer and a location (the node list);
 * assigned=false: only nodes without a customer or location (the ones to register).
 */
export const DEVICE_LIST_ASSIGNED_PARAM = 'assigned';
/** Header of a paged answer: the number of rows matching conditions, search and scope. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
