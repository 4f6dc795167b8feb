import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_MESSAGE, sniffImageType, type TProductImageInput, type TProductImageType } from '@aquasmart/domain';
import { ApiError } from '../../lib/api-error';
import { decodeBase64File } from '../../lib/base64-file';

export interface TDecodedImage {
  name: string;
  type: TProductImageType;
  bytes: Buffer;
}

/** Room for a base64 image just over the limit, so that our own 413 answers rather than Fastify's. */
export const PRODUCT_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Decodes `image: { name, data }`: base64, or a data: URL whose declared type is ignored. The
 * type comes from the first bytes (PNG, JPEG or WebP; never SVG), the size limit applies to the
 * decoded bytes (413 errors.payloadTooLarge beyond 1 MiB).
 */
export function decodeImage(image: TProductImageInput): TDecodedImage {
  const bytes = decodeBase64File(image.data, { field: 'image.data', max: PRODUCT_IMAGE_MAX_BYTES, notBase64Key: PRODUCT_MESSAGE.base64, noun: 'image' });
  const type = sniffImageType(bytes);
  if (!type) throw ApiError.badRequest('The image is not PNG, JPEG or WebP', { 'image.data': PRODUCT_MESSAGE.imageType });
  return { name: image.name, type, bytes };
}
