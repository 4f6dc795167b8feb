import { z } from 'zod';
import { WEBHOOK_TEST_TYPE } from './rules';

/**
 * The body of a webhook (docs/webhooks.md, "Payloads"): Standard Webhooks' envelope `{ type,
 * timestamp, data }`, one event per request. The server composes `data` in SQL when the event is
 * written (0045_webhooks.sql); these schemas describe it, the JSON Schema in the docs is generated
 * from them (`webhookJsonSchema`) and the tests parse every delivered body with them.
 */

const ZRef = z.object({ id: z.string().describe('The id in the portal.'), name: z.string().describe('The name in the portal.') });
const ZCustomer = ZRef.describe('The customer the event belongs to.');
const ZLocation = ZRef.nullable().describe('The location, null when the subject has none.');
const ZNode = z
  .object({
    eui: z.string().describe('The node\'s EUI (16 hex digits).'),
    name: z.string().describe('The node\'s name in the portal (may be empty).'),
    type: z.string().describe('V1, V2 or V3.'),
  })
  .describe('A node (sensor or flushing device).');
const iso = (what: string) => z.string().describe(`${what} (ISO 8601, UTC, milliseconds).`);

const ZAlarm = z.object({
  id: z.string().describe('The alarm\'s id: its steps share it.'),
  kind: z.string().describe('lowBattery, faultySensor, flushAlarm, offline, legionella, checkOutOfLimit, ... (docs/alarms.md).'),
  state: z.string().describe('new, acknowledged, assigned or resolved, after this step.'),
  channel: z.string().nullable().describe('The channel of a channel alarm, null otherwise.'),
  node: ZNode.nullable().describe('The node the alarm is about, null for a gateway, sample point or outlet alarm.'),
  gatewayId: z.string().nullable().describe('The gateway of a gateway alarm.'),
  samplePointId: z.string().nullable().describe('The sample point of a laboratory result\'s alarm.'),
  outletId: z.string().nullable().describe('The outlet of a check\'s alarm.'),
  openedAt: iso('When it opened'),
  closedAt: iso('When its condition ended').nullable(),
  details: z.record(z.string(), z.unknown()).describe('The readings that opened or closed it.'),
});

const ZAlarmData = z.object({
  action: z.string().describe('The step: opened, reopened, closed (alarm.opened / alarm.closed); acknowledged, assigned, commented, resolved, escalated, stage (alarm.changed; stage: a stage of its escalation chain reached).'),
  at: iso('When the step happened'),
  customer: ZCustomer,
  location: ZLocation,
  alarm: ZAlarm,
});

const envelope = <TType extends string, TData extends z.ZodType>(type: TType, data: TData, what: string) =>
  z
    .object({
      type: z.literal(type),
      timestamp: iso('When the event happened'),
      data,
    })
    .describe(what);

export const ZWebhookAlarmOpened = envelope('alarm.opened', ZAlarmData, 'An alarm opened (or reopened: `action`).');
export const ZWebhookAlarmChanged = envelope('alarm.changed', ZAlarmData, 'An alarm was acknowledged, assigned, commented on, resolved, escalated, or reached a stage of its escalation chain.');
export const ZWebhookAlarmClosed = envelope('alarm.closed', ZAlarmData, 'An alarm\'s condition ended.');

export const ZWebhookDeviationFound = envelope(
  'deviation.found',
  z.object({
    customer: ZCustomer,
    location: ZLocation,
    node: z.object({ eui: z.string(), name: z.string().describe('The node\'s name when the deviation was found.') }),
    deviation: z.object({
      id: z.string(),
      kind: z.string().describe('The logbook\'s deviation kind (docs/logbook.md, "Deviations").'),
      alarmKind: z.string().nullable(),
      channel: z.string().nullable(),
      startedAt: iso('When it started'),
      endedAt: iso('When it ended').nullable(),
      alarmId: z.string().nullable(),
    }),
  }),
  'The logbook found a new deviation (docs/logbook.md, "Deviations").',
);

export const ZWebhookLabResultEntered = envelope(
  'labResult.entered',
  z.object({
    customer: ZCustomer,
    location: ZLocation,
    result: z.object({
      id: z.string(),
      sampleId: z.string().describe('The lab\'s sample id.'),
      samplePoint: ZRef,
      takenAt: iso('When the sample was taken'),
      enteredAt: iso('When it was entered'),
      lab: z.string(),
      method: z.string(),
      waterCelsius: z.number().nullable(),
      counts: z.array(z.record(z.string(), z.unknown())).describe('As the lab reported them (species, serogroup, count, detectionLimit, unit).'),
      perLitre: z.number().nullable().describe('The highest count per litre, what the verdict compares.'),
      rulebook: z.string(),
      verdict: z.string().describe('compliant, inconclusive, exceeded or report (docs/sampling.md).'),
      legalStep: z.string(),
      severity: z.string().nullable(),
      resampleDue: z.string().nullable().describe('YYYY-MM-DD, local date of the location.'),
      alarmId: z.string().nullable(),
    }),
  }),
  'A laboratory result was entered, by hand or from the lab\'s CSV (docs/sampling.md).',
);

export const ZWebhookCheckDone = envelope(
  'check.done',
  z.object({
    customer: ZCustomer,
    location: ZLocation,
    check: z.object({
      id: z.string(),
      outlet: ZRef,
      kind: z.string().describe('The kind of check (docs/outlets.md).'),
      outcome: z.enum(['done', 'notPossible']),
      reason: z.string().nullable().describe('Why it was not possible.'),
      celsius: z.number().nullable(),
      limitCelsius: z.number().nullable(),
      verdict: z.string().nullable(),
      alarmId: z.string().nullable(),
      doneAt: iso('When it was done'),
    }),
  }),
  'A check was recorded at an outlet (docs/outlets.md); `outcome` says whether it could be done.',
);

const ZPlace = z.object({ customer: ZCustomer, location: ZRef });

export const ZWebhookNodeRegistered = envelope(
  'node.registered',
  z.object({ node: ZNode, customer: ZCustomer, location: ZRef }),
  'A node was registered at a location.',
);

export const ZWebhookNodeMoved = envelope(
  'node.moved',
  z.object({
    node: ZNode,
    customer: ZCustomer,
    location: ZRef,
    from: ZPlace.nullable().describe('Where it was; null when it came from another customer (whose places are not told).'),
  }),
  'A node was moved to another location.',
);

export const ZWebhookNodeRemoved = envelope(
  'node.removed',
  z.object({
    node: ZNode,
    customer: ZCustomer,
    location: ZRef.nullable().describe('The location it left; null when that location itself was deleted.'),
  }),
  'A node left the customer: unassigned, or moved to another customer (which is not named). Told to the customer it left, with the names it had there.',
);

export const ZWebhookTest = envelope(WEBHOOK_TEST_TYPE, z.object({ subscription: z.string(), message: z.string() }), 'Sent by "Send test": nothing to store.');

export const ZWebhookPayload = z.discriminatedUnion('type', [
  ZWebhookAlarmOpened,
  ZWebhookAlarmChanged,
  ZWebhookAlarmClosed,
  ZWebhookDeviationFound,
  ZWebhookLabResultEntered,
  ZWebhookCheckDone,
  ZWebhookNodeRegistered,
  ZWebhookNodeMoved,
  ZWebhookNodeRemoved,
  ZWebhookTest,
]);
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;

/** The JSON Schema of a webhook body, as published in docs/webhooks-schema.json. */
export function webhookJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ZWebhookPayload, { target: 'draft-2020-12' });
}
