import { eq } from 'drizzle-orm';
import { ERROR, type TProductCreate, type TProductPatch } from '@aquasmart/domain';
import { type TDb, type TDbOrTx, countRows } from '../../db/database';
import { devices, gateways, products } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { rethrowConstraint } from '../../lib/constraint-error';
import { decodeImage } from './product-image';
import { findProduct, requireProduct } from './product-repository';

const UNIQUES = { products_name_unique: { key: ERROR.productNameTaken, field: 'name' } };

async function assertNameFree(tx: TDbOrTx, name: string, exceptId = -1): Promise<void> {
  const clash = await findProduct(tx, name);
  if (clash && clash.id !== exceptId) throw new ApiError(409, ERROR.productNameTaken, `A product named ${name} exists`, { name: ERROR.productNameTaken });
}

/** POST /products (administrators): the image is checked before anything is written. */
export async function createProduct(db: TDb, body: TProductCreate): Promise<string> {
  const image = decodeImage(body.image);
  try {
    return await db.transaction(async (tx) => {
      await assertNameFree(tx, body.name);
      await tx.insert(products).values({
        name: body.name,
        type: body.type,
        description: body.description,
        imageName: image.name,
        imageType: image.type,
        imageData: image.bytes,
      });
      return body.name;
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

/** PATCH /products/{name}: a rename keeps the gateways and nodes that use it (ids underneath). */
export async function updateProduct(db: TDb, name: string, body: TProductPatch): Promise<string> {
  const image = body.image ? decodeImage(body.image) : null;
  try {
    return await db.transaction(async (tx) => {
      const row = await requireProduct(tx, name, true);
      if (body.name !== undefined && body.name !== row.name) await assertNameFree(tx, body.name, row.id);
      await tx
        .update(products)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.type !== undefined ? { type: body.type } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(image ? { imageName: image.name, imageType: image.type, imageData: image.bytes } : {}),
          updatedAt: new Date(),
        })
        .where(eq(products.id, row.id));
      return body.name ?? row.name;
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

/** DELETE /products/{name}: refused with 409 while a gateway or a node (as flush device) uses it. */
export async function deleteProduct(db: TDb, name: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await requireProduct(tx, name, true);
      const inUse = {
        gateways: await countRows(tx, gateways, eq(gateways.productId, row.id)),
        nodes: await countRows(tx, devices, eq(devices.flushDeviceId, row.id)),
      };
      if (inUse.gateways > 0 || inUse.nodes > 0) {
        throw ApiError.conflict(`Product ${name} is used by ${inUse.gateways} gateways and ${inUse.nodes} nodes`, ERROR.productInUse, inUse);
      }
      await tx.delete(products).where(eq(products.id, row.id));
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}
