/**
 * A photo taken at the outlet, made small on the phone before it is sent or kept (docs/outlets.md,
 * "Photos"): at most PHOTO_MAX_SIDE pixels on its longer side, as a JPEG. A phone's 12-megapixel
 * picture (3 to 5 MB) becomes a few hundred kB, which a plant room's weak connection and the
 * device's queue can carry. The server takes up to 5 MiB and checks the bytes itself.
 */
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITY = 0.8;

/** The size a picture is drawn at: its own when it fits, else scaled to PHOTO_MAX_SIDE on the longer side. */
export function scaledSize(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxSide || longer === 0) return { width, height };
  const scale = maxSide / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The picture as a JPEG data: URL of at most PHOTO_MAX_SIDE pixels (the camera's orientation applied). Rejects what the browser cannot read as an image. */
export async function downscalePhoto(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', PHOTO_QUALITY);
  } finally {
    bitmap.close();
  }
}
