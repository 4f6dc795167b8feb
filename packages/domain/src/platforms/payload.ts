import { z } from 'zod';
import { RULEBOOK_IDS } from '../logbook/rulebooks';
import { COUNT_UNITS, LEGAL_STEPS, SAMPLE_VERDICTS } from '../sampling/thresholds';

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

export const ZPlatformLabResultItem = z.object({
  ...itemBase,
  at: z.string().describe('When the sample was taken (ISO 8601, UTC).'),
  node: ZNode.nullable().describe('The node linked to the sample point (whose temperatures show the outlet around the sampling), null when none is.'),
  type: z.literal('labResult'),
  result: z
    .object({
      id: z.string().describe('The result\'s id in the portal.'),
      sampleId: z.string().describe('The lab\'s sample id (unique per location).'),
      samplePoint: z.object({
        id: z.string().describe('The sample point\'s id in the portal.'),
        name: z.string().describe('The sample point\'s name (an outlet).'),
        role: z.enum(['hot', 'cold']).describe('Hot or cold water.'),
        channel: z.string().nullable().describe('The linked node\'s temperature channel, null when none is.'),
      }),
      takenAt: z.string().describe('When the sample was taken (ISO 8601, UTC).'),
      enteredAt: z.string().describe('When the result was entered in the portal (ISO 8601, UTC).'),
      lab: z.string().describe('The laboratory.'),
      accreditation: z.string().nullable().describe('The lab\'s accreditation, as entered.'),
      method: z.string().describe('The method, e.g. ISO 11731.'),
      waterCelsius: z.number().nullable().describe('The water temperature at sampling, degrees Celsius.'),
      counts: z
        .array(
          z.object({
            species: z.string().describe('e.g. Legionella spp., Legionella pneumophila.'),
            serogroup: z.string().nullable(),
            count: z.number().nullable().describe('As the lab reported it, in `unit`; null: not detected.'),
            detectionLimit: z.number().nullable().describe('The detection limit in `unit` (with a count of null: below it).'),
            unit: z.enum(COUNT_UNITS),
          }),
        )
        .describe('One per species / serogroup, as reported.'),
      perLitre: z.number().nullable().describe('The highest count per litre (KBE/100 ml times 10), what the verdict compares; null when nothing was detected.'),
      rulebook: z.enum(RULEBOOK_IDS).describe('The rulebook the result was judged by.'),
      verdict: z.enum(SAMPLE_VERDICTS).describe('docs/sampling.md, "Rules and their sources".'),
      legalStep: z.enum(LEGAL_STEPS).describe('The legal step the verdict names (docs/sampling.md).'),
      severity: z.enum(['warning', 'critical']).nullable().describe('The alarm\'s severity, null when the result opened none.'),
      resample: z.boolean().describe('Whether it is the re-sample of an exceeded result at the point.'),
      resampleDue: z.string().nullable().describe('The re-sample\'s due date (local date of the location, YYYY-MM-DD) when the result asks for one.'),
      alarmId: z.string().nullable().describe('The portal\'s legionella alarm the result opened or joined.'),
    })
    .describe('A laboratory result (docs/sampling.md) as it was entered: figures as reported and the verdict.'),
});

export const ZPlatformItem = z.discriminatedUnion('type', [ZPlatformTemperatureItem, ZPlatformFlushItem, ZPlatformAlarmItem, ZPlatformLabResultItem]);
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
