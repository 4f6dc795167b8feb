import { z } from 'zod';

/**
 * The body of one delivery request (docs/platforms.md, "Format"): JSON, version 1. The JSON Schema
 * in the docs is generated from these schemas (`platformBatchJsonSchema`) and a test holds the doc
 * and its example to them.
 */

const ZNode = z.object({
  eui: z.string().describe('The node\'s EUI (16 hex digits).'),
  name: z.string().describe('The node\'s name in the portal (may be empty).'),
  type: z.string().describe('V1, V2 or V3.'),
});

const ZPlace = z.object({
  customer: z.string().nullable().describe('The customer\'s name (null when the node has none now).'),
  location: z.string().nullable().describe('The location\'s name (null when the node has none now).'),
});

const ZLegionellaDossierOptions = z
  .object({
    deviceType: z.string().nullable(),
    subType1: z.string().nullable(),
    subType2: z.string().nullable(),
    subType3: z.string().nullable(),
  })
  .describe('LegionellaDossier only: the device type and subtypes configured on the customer or location.');

const itemBase = {
  id: z.string().describe('The item\'s stable id: a repeat of a delivery carries the same id, so a receiver can drop it.'),
  at: z.string().describe('When it happened (ISO 8601, UTC): the measurement time, or the alarm step\'s time.'),
  node: ZNode,
  place: ZPlace,
  legionellaDossier: ZLegionellaDossierOptions.optional(),
};

export const ZPlatformTemperatureItem = z.object({
  ...itemBase,
  type: z.literal('temperature'),
  temperatures: z.array(
    z.object({
      channel: z.string().describe('temperature1, temperature2 ...'),
      name: z.string().describe('The channel\'s name in the portal (may be empty).'),
      mode: z.string().nullable().describe('The channel\'s mode in the portal (e.g. WW, KW), null when none is set.'),
      value: z.number().describe('Degrees Celsius, calibration offset applied; -102.4 means no sensor.'),
    }),
  ),
});

export const ZPlatformFlushItem = z.object({
  ...itemBase,
  type: z.literal('flush'),
  channel: z.string().describe('The temperature channel the flush was measured on.'),
  before: z.number().describe('Degrees Celsius before the flush.'),
  after: z.number().describe('Degrees Celsius after the flush.'),
});

export const ZPlatformAlarmItem = z.object({
  ...itemBase,
  type: z.literal('alarm'),
  action: z.enum(['opened', 'reopened', 'closed', 'acknowledged', 'resolved']).describe('The alarm step.'),
  alarm: z.object({
    id: z.string().describe('The alarm\'s id: its steps share it.'),
    kind: z.string().describe('lowBattery, faultySensor, flushAlarm, ... (docs/alarms.md).'),
    channel: z.string().nullable().describe('The channel of a channel alarm, null otherwise.'),
    state: z.string().describe('new, acknowledged or resolved, as the alarm is when sent.'),
    details: z.record(z.string(), z.unknown()).describe('The readings that opened or closed it.'),
  }),
});

export const ZPlatformItem = z.discriminatedUnion('type', [ZPlatformTemperatureItem, ZPlatformFlushItem, ZPlatformAlarmItem]);
export type TPlatformItem = z.infer<typeof ZPlatformItem>;

export const ZPlatformBatch = z.object({
  version: z.literal(1),
  sentAt: z.string().describe('When this request left (ISO 8601, UTC).'),
  test: z.boolean().optional().describe('true on a "test delivery": a sample, nothing to store.'),
  items: z.array(ZPlatformItem).describe('In order per node: oldest first.'),
});
export type TPlatformBatch = z.infer<typeof ZPlatformBatch>;

/** The JSON Schema of a delivery body, as printed in docs/platforms.md. */
export function platformBatchJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ZPlatformBatch, { target: 'draft-2020-12' });
}
