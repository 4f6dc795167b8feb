import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TProduct } from '@aquasmart/domain';
import { type TDb, type TDbOrTx } from '../../db/database';
import { products } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { parseConditions, type TFieldMap } from '../../lib/query';

/** Fields `conditions` may use on GET /products. */
export const PRODUCT_CONDITION_FIELDS: TFieldMap = {
  name: { sql: products.name, kind: 'text' },
  type: { sql: products.type, kind: 'text' },
  description: { sql: products.description, kind: 'text' },
};
export const PRODUCT_PROJECTION_FIELDS = ['name', 'type', 'description', 'image.name', 'image.type', 'image.size', 'image.url'];

/** A product without its image bytes. */
const SUMMARY = {
  id: products.id,
  name: products.name,
  type: products.type,
  description: products.description,
  imageName: products.imageName,
  imageType: products.imageType,
  imageSize: sql<number | null>`octet_length(${products.imageData})`.mapWith(Number),
  updatedAt: products.updatedAt,
};
type TProductSummary = { [K in keyof typeof SUMMARY]: K extends 'imageSize' ? number | null : (typeof products.$inferSelect)[Exclude<K, 'imageSize'>] };

/**
 * The public form: the image is named by its route (under the API base `prefix`) with a version
 * that changes with every save, never inlined.
 */
export function toProduct(row: TProductSummary, prefix: string): TProduct {
  return {
    name: row.name,
    type: row.type,
    description: row.description,
    image:
      row.imageType && row.imageName
        ? {
            name: row.imageName,
            type: row.imageType,
            size: row.imageSize ?? 0,
            url: `${prefix}/products/${encodeURIComponent(row.name)}/image?v=${row.updatedAt.getTime()}`,
          }
        : null,
  };
}

export async function findProduct(db: TDbOrTx, name: string, lock = false) {
  const query = db.select(SUMMARY).from(products).where(eq(products.name, name)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return (row as TProductSummary | undefined) ?? null;
}

export async function requireProduct(db: TDbOrTx, name: string, lock = false) {
  const row = await findProduct(db, name, lock);
  if (!row) throw ApiError.notFound(`No product ${name}`);
  return row;
}

/** Products sorted by name, optionally filtered (`{"type": "Faucet"}`). */
export async function listProducts(db: TDb, conditions: string | undefined, where?: SQL): Promise<TProductSummary[]> {
  const rows = await db
    .select(SUMMARY)
    .from(products)
    .where(and(parseConditions(conditions, PRODUCT_CONDITION_FIELDS), where))
    .orderBy(sql`lower(${products.name})`, products.name);
  return rows;
}

export async function readImage(db: TDb, name: string): Promise<{ type: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ type: products.imageType, bytes: products.imageData })
    .from(products)
    .where(eq(products.name, name))
    .limit(1);
  return row?.type && row.bytes ? { type: row.type, bytes: Buffer.from(row.bytes) } : null;
}
