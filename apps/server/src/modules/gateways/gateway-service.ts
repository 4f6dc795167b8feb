import { and, eq, ne } from 'drizzle-orm';
import { ERROR, messageKey, PLACE_MESSAGE, type TGatewayCreate, type TGatewayPatch } from '@aquasmart/domain';
import { type TDb, type TDbOrTx, countRows } from '../../db/database';
import { devices, gateways, products } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { TAuthUser } from '../../identity/auth-user';
import { requireBodyCustomer } from '../customers/customer-repository';
import { rethrowConstraint } from '../../lib/constraint-error';
import { requireBodyLocation } from '../locations/location-repository';
import { requireGateway } from './gateway-repository';
import { forgetHeard } from './gateway-radio-repository';

const UNIQUES = {
  gateways_mac_unique: { key: ERROR.macTaken, field: 'mac' },
  gateways_location_name_key: { key: ERROR.gatewayNameTaken, field: 'name' },
};
const GATEWAY_PRODUCT_TYPE = 'Gateway';

/** The product named in a body: it must exist and be a gateway product (400 on `product`). */
async function requireGatewayProduct(tx: TDbOrTx, name: string): Promise<number> {
  const [product] = await tx.select({ id: products.id, type: products.type }).from(products).where(eq(products.name, name)).limit(1);
  if (!product) throw ApiError.badRequest(`Unknown product ${name}`, { product: messageKey(PLACE_MESSAGE.unknownProduct, { name }) });
  if (product.type !== GATEWAY_PRODUCT_TYPE) {
    throw ApiError.badRequest(`${name} is not a gateway product`, { product: messageKey(PLACE_MESSAGE.productType, { type: GATEWAY_PRODUCT_TYPE }) });
  }
  return product.id;
}

async function assertFree(tx: TDbOrTx, values: { mac?: string; locationId: number; name: string }, exceptId = -1): Promise<void> {
  if (values.mac !== undefined) {
    const [clash] = await tx.select({ id: gateways.id }).from(gateways).where(and(eq(gateways.mac, values.mac), ne(gateways.id, exceptId))).limit(1);
    if (clash) throw new ApiError(409, ERROR.macTaken, `A gateway with MAC ${values.mac} exists`, { mac: ERROR.macTaken });
  }
  const [clash] = await tx
    .select({ id: gateways.id })
    .from(gateways)
    .where(and(eq(gateways.locationId, values.locationId), eq(gateways.name, values.name), ne(gateways.id, exceptId)))
    .limit(1);
  if (clash) throw new ApiError(409, ERROR.gatewayNameTaken, `The location has a gateway named ${values.name}`, { name: ERROR.gatewayNameTaken });
}

/** POST /gateways: customer and location by name within the caller's customers; MAC unique, name unique per location. */
export async function createGateway(db: TDb, user: TAuthUser, body: TGatewayCreate): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const customer = await requireBodyCustomer(tx, user, body.customer);
      const location = await requireBodyLocation(tx, customer.id, body.location);
      const productId = await requireGatewayProduct(tx, body.product);
      await assertFree(tx, { mac: body.mac, locationId: location.id, name: body.name });
      const [row] = await tx
        .insert(gateways)
        .values({
          mac: body.mac,
          name: body.name,
          customerId: customer.id,
          locationId: location.id,
          productId,
          type: body.type ?? '',
          notes: body.notes || null,
        })
        .returning({ id: gateways.id });
      return row.id;
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

/**
 * PATCH .../gateways/{name}. Another location (and customer) moves the gateway; to another
 * customer only while no node uses it (409), since nodes keep their own customer.
 */
export async function updateGateway(
  db: TDb,
  user: TAuthUser,
  path: { customer: string; location: string; gateway: string },
  body: TGatewayPatch,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const row = await requireGateway(tx, user, path, true);
      const changes: Partial<typeof gateways.$inferInsert> = {};
      const customerMoves = body.customer !== undefined && body.customer !== path.customer;
      if (customerMoves || (body.location !== undefined && body.location !== path.location)) {
        const customer = await requireBodyCustomer(tx, user, body.customer ?? path.customer);
        const location = await requireBodyLocation(tx, customer.id, body.location ?? path.location);
        if (customer.id !== row.customerId) {
          const nodes = await countRows(tx, devices, eq(devices.gatewayId, row.id));
          if (nodes > 0) throw ApiError.conflict(`Gateway ${row.name} still has ${nodes} nodes`, ERROR.gatewayMoveInUse, { nodes });
        }
        changes.customerId = customer.id;
        changes.locationId = location.id;
      }
      if (body.mac !== undefined && body.mac !== row.mac) changes.mac = body.mac;
      if (body.name !== undefined && body.name !== row.name) changes.name = body.name;
      if (body.product !== undefined) changes.productId = await requireGatewayProduct(tx, body.product);
      if (body.type !== undefined) changes.type = body.type;
      const notes = body.notes === '' ? undefined : body.notes;
      if (notes !== undefined) changes.notes = notes;
      if (changes.mac !== undefined || changes.name !== undefined || changes.locationId !== undefined) {
        await assertFree(tx, { mac: changes.mac, locationId: changes.locationId ?? row.locationId, name: changes.name ?? row.name }, row.id);
      }
      if (Object.keys(changes).length) await tx.update(gateways).set({ ...changes, updatedAt: new Date() }).where(eq(gateways.id, row.id));
      if (changes.mac !== undefined) await forgetHeard(tx, row.id);
      return row.id;
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

/** DELETE .../gateways/{name}: refused with 409 while nodes use it. */
export async function deleteGateway(db: TDb, user: TAuthUser, path: { customer: string; location: string; gateway: string }): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await requireGateway(tx, user, path, true);
      const nodes = await countRows(tx, devices, eq(devices.gatewayId, row.id));
      if (nodes > 0) throw ApiError.conflict(`Gateway ${row.name} still has ${nodes} nodes`, ERROR.gatewayInUse, { nodes });
      await tx.delete(gateways).where(eq(gateways.id, row.id));
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}
