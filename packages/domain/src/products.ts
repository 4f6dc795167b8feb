import { z } from 'zod';
import { PRODUCT_TYPES } from './constants';
import { MESSAGE } from './validation/message-key';
import { zOneOf, zRequiredText } from './validation/validators';

/**
 * The products catalogue (docs/places.md). Images travel in JSON as
 * `image: { name, data }` with base64 data (a `data:` URL is accepted too); answers never inline
 * the bytes but name the image route (docs/places.md, "Product images").
 */

export const PRODUCT_MESSAGE = {
  imageType: 'validation.imageType',
  base64: 'validation.base64',
} as const;

/** Largest accepted image, decoded (1 MiB). */
export const PRODUCT_IMAGE_MAX_BYTES = 1024 * 1024;
/** Image types accepted, recognised by their first bytes; never SVG (it can carry scripts). */
export const PRODUCT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type TProductImageType = (typeof PRODUCT_IMAGE_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/** The image type from the file's magic bytes (not its name); null for anything else. */
export function sniffImageType(bytes: Uint8Array): TProductImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export const ZProductImageInput = z.object(
  {
    name: zRequiredText(200),
    /** Base64 or a data: URL; the declared type of a data: URL is ignored, the bytes decide. */
    data: z.string({ error: MESSAGE.required }).min(1, { error: MESSAGE.required }),
  },
  { error: MESSAGE.required },
);
export type TProductImageInput = z.infer<typeof ZProductImageInput>;

/** POST /products: name, type, image and description are all required (docs/places.md, "Required fields"). */
export const ZProductCreate = z.object({
  name: zRequiredText(200),
  type: zOneOf(PRODUCT_TYPES),
  description: zRequiredText(4000, { multiline: true }),
  image: ZProductImageInput,
});
export type TProductCreate = z.infer<typeof ZProductCreate>;

/** PATCH /products/{name}: any subset; an image that is sent replaces the stored one. */
export const ZProductPatch = ZProductCreate.partial();
export type TProductPatch = z.infer<typeof ZProductPatch>;

export const ZProductImage = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  /** Path of GET /products/{name}/image under the API base, with a version for caches. */
  url: z.string(),
});

export const ZProduct = z.object({
  name: z.string(),
  type: z.string(),
  description: z.string(),
  image: ZProductImage.nullable(),
});
export type TProduct = z.infer<typeof ZProduct>;
/** A list item: the fields the projection asked for (also parts of `image`). */
export const ZProductListItem = ZProduct.extend({ image: ZProductImage.partial().nullable() }).partial();
export type TProductListItem = z.infer<typeof ZProductListItem>;
