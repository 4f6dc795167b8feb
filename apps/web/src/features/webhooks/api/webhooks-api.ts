import { queryOptions } from '@tanstack/react-query';
import { ZWebhook, ZWebhookDelivery, ZWebhookWithSecret, type TWebhook, type TWebhookCreate, type TWebhookDelivery, type TWebhookPatch, type TWebhookWithSecret } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';

/** The webhook calls (docs/webhooks.md). */
export const WEBHOOKS_QUERY_KEY = ['webhooks', 'list'] as const;
const WEBHOOKS_PATH = '/webhooks';
const webhookPath = (id: number) => `${WEBHOOKS_PATH}/${id}`;

export async function fetchWebhooks(signal?: AbortSignal): Promise<TWebhook[]> {
  const data = await http.get<unknown[]>(WEBHOOKS_PATH, { signal });
  return data.map((row) => ZWebhook.parse(row));
}

export const webhooksQuery = queryOptions({ queryKey: WEBHOOKS_QUERY_KEY, queryFn: ({ signal }) => fetchWebhooks(signal) });

/** POST /webhooks: the answer holds the secret, this once. */
export async function createWebhook(body: TWebhookCreate): Promise<TWebhookWithSecret> {
  return ZWebhookWithSecret.parse(await http.post<unknown>(WEBHOOKS_PATH, body));
}

/** PATCH /webhooks/{id}; with rotateSecret the answer holds the new secret, this once. */
export async function patchWebhook(id: number, body: TWebhookPatch): Promise<TWebhookWithSecret> {
  return ZWebhookWithSecret.parse(await http.patch<unknown>(webhookPath(id), body));
}

export async function deleteWebhook(id: number): Promise<void> {
  await http.delete(webhookPath(id));
}

/** POST /webhooks/{id}/test: one signed webhook.test now; answers its log entry. */
export async function sendWebhookTest(id: number): Promise<TWebhookDelivery> {
  return ZWebhookDelivery.parse(await http.post<unknown>(`${webhookPath(id)}/test`, {}));
}

export const webhookDeliveriesQuery = (id: number) =>
  queryOptions({
    queryKey: ['webhooks', 'deliveries', id] as const,
    queryFn: async ({ signal }) => (await http.get<unknown[]>(`${webhookPath(id)}/deliveries`, { signal })).map((row) => ZWebhookDelivery.parse(row)),
  });
