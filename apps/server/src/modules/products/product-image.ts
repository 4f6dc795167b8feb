import { ERROR, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_MESSAGE, sniffImageType, type TProductImageInput, type TProductImageType } from '@aquasmart/domain';
import { ApiError } from '../../lib/api-error';

export interface TDecodedImage {
  name: string;
  type: TProductImageType;
  bytes: Buffer;
}

/** Room for a base64 image just over the limit, so that our own 413 answers rather than Fastify's. */
export const PRODUCT_BODY_LIMIT = 4 * 1024 * 1024;

const DATA_URL = /^data:([^,]*),/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes `image: { name, data }`: base64, or a data: URL whose declared type is ignored. The
 * type comes from the first bytes (PNG, JPEG or WebP; never SVG), the size limit applies to the
 * decoded bytes (413 errors.payloadTooLarge beyond 1 MiB).
 */
export function decodeImage(image: TProductImageInput): TDecodedImage {
  let data = image.data;
  const header = DATA_URL.exec(data);
  if (header) {
    if (!/;base64$/i.test(header[1])) throw invalid(PRODUCT_MESSAGE.base64, 'A data: URL must be base64');
    data = data.slice(header[0].length);
  }
  data = data.replace(/\s+/g, '').replaceAll('-', '+').replaceAll('_', '/');
  if (!BASE64.test(data) || data.length % 4 === 1) throw invalid(PRODUCT_MESSAGE.base64, 'The image data is not base64');
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  const size = Math.floor((data.length * 3) / 4) - padding;
  if (size > PRODUCT_IMAGE_MAX_BYTES) {
    throw new ApiError(413, ERROR.payloadTooLarge, `The image is ${size} bytes; at most ${PRODUCT_IMAGE_MAX_BYTES}`, { 'image.data': ERROR.payloadTooLarge }, {
      max: PRODUCT_IMAGE_MAX_BYTES,
      size,
    });
  }
  const bytes = Buffer.from(data, 'base64');
  const type = sniffImageType(bytes);
  if (!type) throw invalid(PRODUCT_MESSAGE.imageType, 'The image is not PNG, JPEG or WebP');
  return { name: image.name, type, bytes };
}

function invalid(key: string, message: string): ApiError {
  return ApiError.badRequest(message, { 'image.data': key });
}
