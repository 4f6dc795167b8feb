import { z } from 'zod';
import { zEui } from '../devices';
import { MESSAGE } from '../validation/message-key';
import { zRequiredText } from '../validation/validators';

/**
 * The outlet register of a location (docs/outlets.md): every tap, shower, TMV, cistern, calorifier
 * and tank the scheduled checks are done at, hot, cold or mixed, optionally a sentinel (the nearest
 * or furthest outlet from the heater or tank, HSG274 Part 2) or little-used (unused for a week or
 * more), optionally linked to a node's channel (the sensor at the outlet) and to a sample point.
 */

/**
 * What an outlet is. `coldInlet` (the incoming cold water main) is beyond issue 41's list: the
 * half-yearly incoming cold water check needs a place to be done at where no cold tank is (most
 * Dutch and German buildings are fed from the main), as the roles table's "cold inlet" is.
 */
export const OUTLET_KINDS = ['shower', 'washbasinTap', 'sink', 'tmv', 'cistern', 'calorifier', 'coldTank', 'coldInlet', 'other'] as const;
export type TOutletKind = (typeof OUTLET_KINDS)[number];

export const OUTLET_WATERS = ['hot', 'cold', 'mixed'] as const;
export type TOutletWater = (typeof OUTLET_WATERS)[number];

/** A sentinel outlet: the nearest to or furthest from the heater (hot) or tank (cold); `none` for the others. */
export const SENTINEL_KINDS = ['none', 'nearest', 'furthest'] as const;
export type TSentinelKind = (typeof SENTINEL_KINDS)[number];

export const OUTLET_NAME_MAX = 100;
export const OUTLET_PLACE_MAX = 100;
/** The largest outlet CSV file (bytes); at most 10,000 lines, as the sampling files (SAMPLING_CSV_MAX_ROWS, the reader they share). */
export const OUTLET_CSV_MAX_BYTES = 2_000_000;

const zChannelId = () => z.string().trim().regex(/^temperature\d{1,2}$/, { error: MESSAGE.invalid });
const zPlace = () => zRequiredText(OUTLET_PLACE_MAX).nullable().optional();

const outletFields = {
  name: zRequiredText(OUTLET_NAME_MAX),
  room: zPlace(),
  floor: zPlace(),
  kind: z.enum(OUTLET_KINDS, { error: MESSAGE.oneOf }),
  water: z.enum(OUTLET_WATERS, { error: MESSAGE.oneOf }),
  sentinel: z.enum(SENTINEL_KINDS, { error: MESSAGE.oneOf }),
  littleUsed: z.boolean({ error: MESSAGE.invalid }),
  /** The node whose channel measures at this outlet; a channel needs its node. */
  eui: zEui().nullable().optional(),
  channelId: zChannelId().nullable().optional(),
  /** The location's sample point at this outlet (docs/sampling.md). */
  samplePointId: z.number({ error: MESSAGE.integer }).int({ error: MESSAGE.integer }).min(1, { error: MESSAGE.invalid }).nullable().optional(),
};

export const ZOutletBody = z
  .object({ ...outletFields, sentinel: outletFields.sentinel.default('none'), littleUsed: outletFields.littleUsed.default(false) })
  .refine((body) => !body.channelId || body.eui, { error: MESSAGE.required, path: ['eui'] });
export type TOutletBody = z.input<typeof ZOutletBody>;
export type TOutletInput = z.output<typeof ZOutletBody>;

/** PATCH: the fields to change; null unlinks (eui null unlinks the channel too) or clears room and floor. */
export const ZOutletPatch = z.object({
  name: outletFields.name.optional(),
  room: zPlace(),
  floor: zPlace(),
  kind: outletFields.kind.optional(),
  water: outletFields.water.optional(),
  sentinel: outletFields.sentinel.optional(),
  littleUsed: outletFields.littleUsed.optional(),
  eui: outletFields.eui,
  channelId: outletFields.channelId,
  samplePointId: outletFields.samplePointId,
});
export type TOutletPatch = z.infer<typeof ZOutletPatch>;

/** An outlet as stored (what the check plans need of it, and its links). */
export interface TOutletFacts {
  kind: TOutletKind;
  water: TOutletWater;
  sentinel: TSentinelKind;
  littleUsed: boolean;
  /** Whether the linked node flushes this outlet (a flushing node on its channel): its flushes are the weekly duty. */
  flushedByNode: boolean;
}
