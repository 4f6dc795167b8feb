import { z } from 'zod';
import {
  formatLocale,
  formatNumber,
  MESSAGE,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_MESSAGE,
  PRODUCT_TYPES,
  messageKey,
  sniffImageType,
  zOneOf,
  zRequiredText,
  type TProduct,
  type TProductCreate,
  type TProductImageType,
  type TProductPatch,
} from '@aquasmart/domain';
import { isHttpError } from '../../lib/http/http-error';

/**
 * The product form (docs/places.md, "Required fields"; docs/products-screens.md): name, type, image and description, all
 * required. The image is either the one already stored (edit; sent again only when replaced)
 * or a file the user picked, checked here before upload the way the server checks it: PNG,
 * JPEG or WebP by content, at most 1 MB (PRODUCT_IMAGE_MAX_BYTES, 1 MiB).
 */
export interface TPickedImage {
  source: 'file';
  name: string;
  /** data: URL with the sniffed type; sent as is (the server reads the bytes, not the type). */
  data: string;
  size: number;
  type: TProductImageType;
}

export interface TStoredImage {
  source: 'stored';
  name: string;
  url: string;
  size: number;
}

export type TImageValue = TPickedImage | TStoredImage;

export const PRODUCT_IMAGE_MESSAGE = {
  tooLarge: 'products.imageTooLarge',
  tooLargeServer: 'products.imageTooLargeServer',
  unreadable: 'products.imageUnreadable',
} as const;

/** Accept list of the file input: a hint only; the content decides. */
export const IMAGE_ACCEPT = PRODUCT_IMAGE_TYPES.join(',');

/** A size for people: "850 kB", "1,3 MB" (rounded up, so a file just over 1 MB never reads "1 MB"). */
export function formatBytes(bytes: number, language: string): string {
  const format = (value: number, digits: number) =>
    formatNumber(value, formatLocale(language), { maxDecimals: digits });
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(Math.ceil(bytes / 1024), 0)} kB`;
  return `${format(Math.ceil((bytes / (1024 * 1024)) * 10) / 10, 1)} MB`;
}

/** The message key for a picked file of this size and these first bytes; null when it is fine. */
export function imageFileProblem(size: number, firstBytes: Uint8Array, language: string): string | null {
  if (size > PRODUCT_IMAGE_MAX_BYTES) return messageKey(PRODUCT_IMAGE_MESSAGE.tooLarge, { size: formatBytes(size, language) });
  if (sniffImageType(firstBytes) === null) return PRODUCT_MESSAGE.imageType;
  return null;
}

/** The rule of the image field: required, and a picked file must be an accepted type and size. */
export function imageValueProblem(value: TImageValue | null | undefined, language: string): string | null {
  if (!value) return MESSAGE.required;
  if (value.source === 'stored') return null;
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(value.type)) return PRODUCT_MESSAGE.imageType;
  if (value.size > PRODUCT_IMAGE_MAX_BYTES) return messageKey(PRODUCT_IMAGE_MESSAGE.tooLarge, { size: formatBytes(value.size, language) });
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  }
  return btoa(binary);
}

/**
 * Reads a picked file: too large or not an image of an accepted type gives a message key (the
 * size is checked before the file is read); otherwise the image value with a data: URL.
 */
export async function readImageFile(file: File, language: string): Promise<{ image: TPickedImage } | { error: string }> {
  try {
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) return { error: messageKey(PRODUCT_IMAGE_MESSAGE.tooLarge, { size: formatBytes(file.size, language) }) };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = imageFileProblem(bytes.length, bytes, language);
    const type = sniffImageType(bytes);
    if (problem || !type) return { error: problem ?? PRODUCT_MESSAGE.imageType };
    return { image: { source: 'file', name: file.name || 'image', data: `data:${type};base64,${toBase64(bytes)}`, size: bytes.length, type } };
  } catch {
    return { error: PRODUCT_IMAGE_MESSAGE.unreadable };
  }
}

/** The form schema; the language only formats sizes in messages. */
export function productFormSchema(language: () => string) {
  return z.object({
    name: zRequiredText(200),
    // A string first, so that the empty select ('') is a valid starting value of the form.
    type: z.string({ error: MESSAGE.required }).pipe(zOneOf(PRODUCT_TYPES)),
    description: zRequiredText(4000),
    image: z.custom<TImageValue | null>().superRefine((value, ctx) => {
      const problem = imageValueProblem(value, language());
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}

export type TProductFormValues = z.input<ReturnType<typeof productFormSchema>>;
export type TProductFormOutput = z.output<ReturnType<typeof productFormSchema>>;

export const PRODUCT_FORM_FIELDS = ['name', 'type', 'description', 'image'] as const;
export type TProductFormField = (typeof PRODUCT_FORM_FIELDS)[number];

export function emptyProductForm(): TProductFormValues {
  return { name: '', type: '', description: '', image: null };
}

export function productToForm(product: TProduct): TProductFormValues {
  return {
    name: product.name,
    type: product.type,
    description: product.description,
    image: product.image ? { source: 'stored', name: product.image.name, url: product.image.url, size: product.image.size } : null,
  };
}

function imageBody(image: TImageValue | null): TProductCreate['image'] | undefined {
  return image?.source === 'file' ? { name: image.name, data: image.data } : undefined;
}

/** POST body; only called with values the schema accepted (a new product always has a picked file). */
export function toCreateBody(values: TProductFormOutput): TProductCreate {
  const image = imageBody(values.image);
  if (!image) throw new Error('A new product needs a picked image');
  return { name: values.name, type: values.type, description: values.description, image };
}

/** PATCH body: the text fields always; the image only when a new file replaces the stored one. */
export function toPatchBody(values: TProductFormOutput): TProductPatch {
  const image = imageBody(values.image);
  return {
    name: values.name,
    type: values.type,
    description: values.description,
    ...(image ? { image } : {}),
  };
}

/**
 * The server's field errors as form errors: `image`, `image.name` and `image.data` belong to the
 * image field; a 413 (image over 1 MB) gets the picker's own size message.
 */
export function productFormErrors(error: unknown): Partial<Record<TProductFormField, string>> {
  if (!isHttpError(error)) return {};
  const errors: Partial<Record<TProductFormField, string>> = {};
  for (const [path, key] of Object.entries(error.fields)) {
    const field = path.split('.')[0] as TProductFormField;
    if (!(PRODUCT_FORM_FIELDS as readonly string[]).includes(field) || errors[field]) continue;
    errors[field] = key;
  }
  if (error.status === 413) errors.image = PRODUCT_IMAGE_MESSAGE.tooLargeServer;
  return errors;
}
