import { eq } from 'drizzle-orm';
import { CHECK_PHOTO_MAX_BYTES, PRODUCT_MESSAGE, sniffImageType, type TProductImageType } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { outletCheckPhotos } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { decodeBase64File } from '../../lib/base64-file';

/**
 * The photo taken with a check (docs/outlets.md, "Photos"): sent in the check's JSON, checked by its
 * first bytes (JPEG, PNG or WebP; never SVG), at most CHECK_PHOTO_MAX_BYTES, stored in
 * `outlet_check_photos` in the check's transaction. An entry sent again stores nothing, so a retry
 * never keeps two photos.
 */

/** Room for a base64 photo just over the limit plus the check, so that our own 413 answers rather than Fastify's. */
export const CHECK_BODY_LIMIT = Math.ceil((CHECK_PHOTO_MAX_BYTES * 4) / 3) + 1024 * 1024;

export interface TCheckPhoto {
  type: TProductImageType;
  bytes: Buffer;
}

/** Base64 or a data: URL into the photo's bytes; 413 beyond 5 MiB, 400 validation.imageType for anything but JPEG, PNG or WebP (on `photo`). */
export function decodeCheckPhoto(data: string): TCheckPhoto {
  const bytes = decodeBase64File(data, { field: 'photo', max: CHECK_PHOTO_MAX_BYTES, notBase64Key: PRODUCT_MESSAGE.base64, noun: 'photo' });
  const type = sniffImageType(bytes);
  if (!type) throw ApiError.badRequest('The photo is not a JPEG, PNG or WebP image', { photo: PRODUCT_MESSAGE.imageType });
  return { type, bytes };
}

export async function storeCheckPhoto(db: TDbOrTx, checkId: number, photo: TCheckPhoto, userEmail: string): Promise<void> {
  await db.insert(outletCheckPhotos).values({ checkId, type: photo.type, size: photo.bytes.length, bytes: photo.bytes, userEmail });
}

/** The stored photo of a check, or null. */
export async function readCheckPhoto(db: TDbOrTx, checkId: number): Promise<TCheckPhoto | null> {
  const [row] = await db.select({ type: outletCheckPhotos.type, bytes: outletCheckPhotos.bytes }).from(outletCheckPhotos).where(eq(outletCheckPhotos.checkId, checkId)).limit(1);
  return row ? { type: row.type as TProductImageType, bytes: Buffer.from(row.bytes) } : null;
}

/** Where a check's photo is read. */
export const checkPhotoUrl = (checkId: number) => `/checks/${checkId}/photo`;
