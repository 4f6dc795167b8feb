import { z } from 'zod';
import { zRequiredText } from '../validation/validators';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from './rules';

/** Message keys of the webhooks' refusals (texts in i18n/ui-webhooks.ts). */
export const WEBHOOK_URL_INVALID = 'validation.webhookUrl';
export const WEBHOOK_TYPES_REQUIRED = 'validation.webhookTypes';
export const WEBHOOK_ALL_CUSTOMERS_ADMIN = 'errors.webhookAllCustomers';
export const WEBHOOK_NOT_FOUND = 'errors.webhookNotFound';
export const WEBHOOK_TOO_MANY = 'errors.webhookTooMany';

/** http(s) with a host and no user name or password; where it may go (SSRF rules) is checked when sending. */
export function isWebhookUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const zUrl = z
  .string({ error: 'validation.required' })
  .trim()
  .max(WEBHOOK_URL_MAX, { error: WEBHOOK_URL_INVALID })
  .refine(isWebhookUrl, { error: WEBHOOK_URL_INVALID });
const zTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_TYPES_REQUIRED }))
  .min(1, { error: WEBHOOK_TYPES_REQUIRED })
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type)));

/** POST /webhooks. `customer`: a customer's name; null (administrators only) for every customer. */
export const ZWebhookCreate = z.object({
  url: zUrl,
  description: z.string().trim().max(200).default(''),
  customer: zRequiredText(200).nullable(),
  types: zTypes,
  enabled: z.boolean().default(true),
});
export type TWebhookCreate = z.input<typeof ZWebhookCreate>;

/** PATCH /webhooks/{id}: any of the fields; `rotateSecret: true` makes a new secret (answered once). */
export const ZWebhookPatch = z.object({
  url: zUrl.optional(),
  description: z.string().trim().max(200).optional(),
  customer: zRequiredText(200).nullable().optional(),
  types: zTypes.optional(),
  enabled: z.boolean().optional(),
  rotateSecret: z.literal(true).optional(),
});
export type TWebhookPatch = z.input<typeof ZWebhookPatch>;

export const ZWebhookIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A subscription as listed: never its secret, only its first characters. */
export const ZWebhook = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  customer: z.string().nullable(),
  types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  secretHint: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  pending: z.number().describe('Deliveries waiting (first try or retry).'),
  failed: z.number().describe('Deliveries given up within the last 30 days.'),
  lastDeliveredAt: z.string().nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

/** The answer of a create, or of a PATCH with rotateSecret: the secret, this once. */
export const ZWebhookWithSecret = ZWebhook.extend({ secret: z.string().optional() });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

/** One delivery of a subscription's log: the event and the last answer. */
export const ZWebhookDelivery = z.object({
  id: z.string().describe('The webhook-id header: the same on every try.'),
  type: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  status: z.number().nullable().describe('The last answer\'s HTTP status; null: no answer.'),
  durationMs: z.number().nullable(),
  answer: z.string().nullable().describe('The first bytes of the last answer.'),
  error: z.string().nullable().describe('Why there was no answer (refused address, timeout, ...).'),
  nextAttemptAt: z.string().nullable().describe('The next try of a pending delivery.'),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** The add/edit form: `customer` '' means every customer (offered to administrators only). */
export const ZWebhookForm = z.object({
  url: zUrl,
  description: z.string().trim().max(200),
  customer: z.string(),
  types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, { error: WEBHOOK_TYPES_REQUIRED }),
  enabled: z.boolean(),
});
export type TWebhookForm = z.infer<typeof ZWebhookForm>;

export function toWebhookBody(values: TWebhookForm) {
  return { url: values.url, description: values.description, customer: values.customer === '' ? null : values.customer, types: values.types, enabled: values.enabled };
}

export function webhookFormValues(webhook: TWebhook | null, customer: string): TWebhookForm {
  if (!webhook) return { url: '', description: '', customer, types: ['alarm.opened', 'alarm.changed', 'alarm.closed'], enabled: true };
  return { url: webhook.url, description: webhook.description, customer: webhook.customer ?? '', types: webhook.types, enabled: webhook.enabled };
}
