import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProduct, ZProductCreate, ZProductListItem, ZProductPatch } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../../lib/error-responses';
import { applyProjection, parseProjection } from '../../lib/query';
import { ZListQuery } from '../places/place-params';
import { PRODUCT_BODY_LIMIT } from './product-image';
import { PRODUCT_PROJECTION_FIELDS, listProducts, readImage, requireProduct, toProduct } from './product-repository';
import { createProduct, deleteProduct, updateProduct } from './product-service';

const ZProductParams = z.object({ product: z.string().min(1).max(500) });

/** The image's bytes; the content type is the one it was stored with (readImage). */
const ZImageBytes = z.string().meta({ format: 'binary' });
const PRODUCT_IMAGE_RESPONSE = {
  description: 'The image',
  content: { 'image/png': { schema: ZImageBytes }, 'image/jpeg': { schema: ZImageBytes }, 'image/webp': { schema: ZImageBytes } },
};

/**
 * Products (docs/places.md; screens: docs/products-screens.md): readable with products, addNode or editNode; written
 * by administrators (route checks happen before the handler). Images: docs/places.md, "Product images".
 */
export async function productRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const prefix = app.prefix;
  const read = async (name: string) => toProduct(await requireProduct(db, name), prefix);

  routes.get(
    '/products',
    {
      schema: {
        operationId: 'GetProducts',
        tags: ['products'],
        summary: 'Products sorted by name; conditions on name, type and description (e.g. {"type":"Faucet"})',
        querystring: ZListQuery,
        response: { 200: z.array(ZProductListItem), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const projection = parseProjection(request.query.projection, PRODUCT_PROJECTION_FIELDS);
      const rows = await listProducts(db, request.query.conditions);
      return rows.map((row) => applyProjection(toProduct(row, prefix), projection));
    },
  );

  routes.get(
    '/products/:product',
    {
      schema: { operationId: 'GetProduct', tags: ['products'], summary: 'One product', params: ZProductParams, response: { 200: ZProduct, ...errorResponses(401, 403, 404) } },
    },
    async (request) => read(request.params.product),
  );

  routes.get(
    '/products/:product/image',
    {
      schema: {
        operationId: 'GetProductImage',
        tags: ['products'],
        summary: 'The product image with its real content type (PNG, JPEG or WebP)',
        params: ZProductParams,
        querystring: z.object({ v: z.string().max(40).optional() }),
        response: { 200: PRODUCT_IMAGE_RESPONSE, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const image = await readImage(db, request.params.product);
      if (!image) throw ApiError.notFound(`No image for ${request.params.product}`);
      return reply
        .type(image.type)
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.bytes as never); // raw bytes: no schema applies to a Buffer
    },
  );

  routes.post(
    '/products',
    {
      bodyLimit: PRODUCT_BODY_LIMIT,
      schema: {
        operationId: 'PostProduct',
        tags: ['products'],
        summary: 'Create a product; image { name, data } in base64 or a data: URL, PNG/JPEG/WebP, at most 1 MiB',
        body: ZProductCreate,
        response: { 201: ZProduct, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) => reply.status(201).send(await read(await createProduct(db, request.body))),
  );

  routes.patch(
    '/products/:product',
    {
      bodyLimit: PRODUCT_BODY_LIMIT,
      schema: {
        operationId: 'PatchProduct',
        tags: ['products'],
        summary: 'Change a product; an image that is sent replaces the stored one; a rename keeps its uses',
        params: ZProductParams,
        body: ZProductPatch,
        response: { 200: ZProduct, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => read(await updateProduct(db, request.params.product, request.body)),
  );

  routes.delete(
    '/products/:product',
    {
      schema: {
        operationId: 'DeleteProduct',
        tags: ['products'],
        summary: 'Delete a product no gateway or node uses (409 otherwise)',
        params: ZProductParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteProduct(db, request.params.product);
      return reply.status(204).send(null);
    },
  );
}
