import { sql, type SQL } from 'drizzle-orm';
import {
  MESSAGE,
  messageKey,
  WEBHOOK_ALL_CUSTOMERS_ADMIN,
  WEBHOOK_MAX_SUBSCRIPTIONS,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_TEST_TYPE,
  WEBHOOK_TOO_MANY,
  webhookSecretHint,
  type ZWebhookCreate,
  type ZWebhookPatch,
  type TWebhook,
  type TWebhookDelivery,
  type TWebhookWithSecret,
} from '@aquasmart/domain';
import type { z } from 'zod';
import type { TDb, TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { ApiError } from '../../lib/api-error';
import type { TAuthUser } from '../../identity/auth-user';
import { scopedCustomerIds } from '../../identity/customer-scope';
import { isAdministrator } from '../../identity/rights';
import {
  countSubscriptions,
  deleteSubscription,
  insertSubscription,
  insertTestDelivery,
  readDeliveries,
  readSubscriptions,
  updateSubscription,
  type TSubscriptionRow,
  type TSubscriptionValues,
} from './webhook-repository';
import { postWebhook, recordAttempt, webhookMessageId, type TWebhookSettings } from './webhook-sender';
import { newWebhookSecret } from './webhook-signature';

/**
 * Webhook subscriptions (docs/webhooks.md, "Subscriptions"): an administrator subscribes for one
 * customer or every customer; a customer's manager (the editCustomer route entries) for the
 * customers they see, never for every customer, and sees only those customers' subscriptions.
 */

/** The subscriptions a caller may see and change. */
function scopeOf(actor: TAuthUser): SQL {
  if (isAdministrator(actor)) return sql`true`;
  const ids = scopedCustomerIds(actor);
  if (ids === null) return sql`s.customer_id IS NOT NULL`;
  if (ids.length === 0) return sql`false`;
  return sql`s.customer_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
}

function toWebhook(row: TSubscriptionRow): TWebhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    customer: row.customer,
    types: row.event_types,
    enabled: row.enabled,
    secretHint: webhookSecretHint(row.secret),
    createdBy: row.created_by_email,
    createdAt: row.created_at,
    pending: row.pending,
    failed: row.failed,
    lastDeliveredAt: row.last_delivered_at,
  };
}

export async function listWebhooks(db: TDb, actor: TAuthUser): Promise<TWebhook[]> {
  return (await readSubscriptions(db, scopeOf(actor))).map(toWebhook);
}

/** One subscription in the caller's scope; 404 otherwise (never telling that it exists elsewhere). */
async function findWebhook(db: TDbOrTx, actor: TAuthUser, id: number): Promise<TSubscriptionRow> {
  const [row] = await readSubscriptions(db, sql`s.id = ${id} AND ${scopeOf(actor)}`);
  if (!row) throw new ApiError(404, WEBHOOK_NOT_FOUND, `No webhook ${id}`);
  return row;
}

const customerRow = rowShape({ id: column.number });

/** The customer's id by name within the caller's customers; null (every customer) for administrators only. */
async function customerIdOf(tx: TDbOrTx, actor: TAuthUser, name: string | null): Promise<number | null> {
  if (name === null) {
    if (!isAdministrator(actor)) throw new ApiError(403, WEBHOOK_ALL_CUSTOMERS_ADMIN, 'Only an administrator subscribes for every customer', { customer: WEBHOOK_ALL_CUSTOMERS_ADMIN });
    return null;
  }
  const scope = scopedCustomerIds(actor);
  const [row] = await customerRow.read(tx, sql`SELECT id FROM customers WHERE name = ${name}`);
  if (!row || (scope !== null && !scope.includes(row.id))) {
    throw ApiError.badRequest(`Unknown customer: ${name}`, { customer: messageKey(MESSAGE.unknownCustomer, { name }) });
  }
  return row.id;
}

export async function createWebhook(db: TDb, actor: TAuthUser, body: z.output<typeof ZWebhookCreate>): Promise<TWebhookWithSecret> {
  const secret = newWebhookSecret();
  const id = await db.transaction(async (tx) => {
    const customerId = await customerIdOf(tx, actor, body.customer);
    if ((await countSubscriptions(tx, customerId)) >= WEBHOOK_MAX_SUBSCRIPTIONS) {
      throw ApiError.conflict(`At most ${WEBHOOK_MAX_SUBSCRIPTIONS} webhooks per customer`, WEBHOOK_TOO_MANY, { max: WEBHOOK_MAX_SUBSCRIPTIONS });
    }
    const values: TSubscriptionValues = { customerId, url: body.url, description: body.description, types: body.types, enabled: body.enabled };
    return insertSubscription(tx, values, secret, actor);
  });
  return { ...toWebhook(await findWebhook(db, actor, id)), secret };
}

export async function patchWebhook(db: TDb, actor: TAuthUser, id: number, body: z.output<typeof ZWebhookPatch>): Promise<TWebhookWithSecret> {
  const secret = body.rotateSecret ? newWebhookSecret() : null;
  await db.transaction(async (tx) => {
    const row = await findWebhook(tx, actor, id);
    const customerId = body.customer === undefined ? row.customer_id : await customerIdOf(tx, actor, body.customer);
    await updateSubscription(
      tx,
      id,
      {
        customerId,
        url: body.url ?? row.url,
        description: body.description ?? row.description,
        types: body.types ?? row.event_types,
        enabled: body.enabled ?? row.enabled,
      },
      secret,
    );
  });
  const webhook = toWebhook(await findWebhook(db, actor, id));
  return secret === null ? webhook : { ...webhook, secret };
}

export async function removeWebhook(db: TDb, actor: TAuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await findWebhook(tx, actor, id);
    await deleteSubscription(tx, id);
  });
}

export async function webhookDeliveries(db: TDb, actor: TAuthUser, id: number): Promise<TWebhookDelivery[]> {
  await findWebhook(db, actor, id);
  return readDeliveries(db, id);
}

/**
 * "Send test": one signed `webhook.test` to the subscription's URL now (enabled or not), tried once
 * and recorded in its log like any delivery; the answer is that log entry.
 */
export async function testWebhook(db: TDb, actor: TAuthUser, id: number, settings: TWebhookSettings): Promise<TWebhookDelivery> {
  const row = await findWebhook(db, actor, id);
  const now = settings.now?.() ?? new Date();
  const payload = {
    type: WEBHOOK_TEST_TYPE,
    timestamp: now.toISOString(),
    data: { subscription: String(row.id), message: 'A test from the Aquasmart portal: nothing to store.' },
  };
  const deliveryId = await insertTestDelivery(db, row.id, payload, now);
  const result = await postWebhook(row.url, row.secret, webhookMessageId(deliveryId), payload, settings);
  await recordAttempt(db, { id: deliveryId, attempts: 0 }, result, settings.now?.() ?? new Date(), false);
  const [delivery] = await readDeliveries(db, row.id, deliveryId);
  return delivery;
}
