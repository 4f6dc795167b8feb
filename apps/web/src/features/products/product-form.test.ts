import { describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_MAX_BYTES, type TProduct } from '@aquasmart/domain';
import { HttpError } from '../../lib/http/http-error';
import {
  emptyProductForm,
  formatBytes,
  imageFileProblem,
  imageValueProblem,
  productFormErrors,
  productFormSchema,
  productToForm,
  readImageFile,
  toCreateBody,
  toPatchBody,
  type TPickedImage,
  type TProductFormValues,
} from './product-form';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10];
const WEBP = [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50];
const GIF = [...'GIF89a'].map((char) => char.charCodeAt(0));
const SVG = [...'<svg xmlns="http://www.w3.org/2000/svg"/>'].map((char) => char.charCodeAt(0));
const bytes = (values: number[]) => new Uint8Array(values);

/** A 1x1 PNG (red pixel), as a real picker would hand it over. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const picked = (overrides: Partial<TPickedImage> = {}): TPickedImage => ({
  source: 'file',
  name: 'kraan.png',
  data: `data:image/png;base64,${ONE_PIXEL_PNG}`,
  size: 70,
  type: 'image/png',
  ...overrides,
});

const schema = productFormSchema(() => 'nl');
function fieldErrors(values: TProductFormValues): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const valid: TProductFormValues = { name: 'Sanimatic kraan', type: 'Faucet', description: 'Tapkraan', image: picked() };

describe('product form rules (docs/places.md, Required fields: name, type, image, description required)', () => {
  it.each<[string, TProductFormValues, Record<string, string>]>([
    ['all filled', valid, {}],
    [
      'an empty form',
      emptyProductForm(),
      { name: 'validation.required', type: 'validation.required', description: 'validation.required', image: 'validation.required' },
    ],
    ['a name of spaces only', { ...valid, name: '   ' }, { name: 'validation.required' }],
    ['a description of spaces only', { ...valid, description: ' \n ' }, { description: 'validation.required' }],
    ['a name over 200 characters', { ...valid, name: 'x'.repeat(201) }, { name: 'validation.tooLong?max=200' }],
    ['a type outside Device/Gateway/Faucet/Other', { ...valid, type: 'Sensor' }, { type: 'validation.oneOf' }],
    ['each of the four types', { ...valid, type: 'Other' }, {}],
    ['no image', { ...valid, image: null }, { image: 'validation.required' }],
    ['the stored image kept on edit', { ...valid, image: { source: 'stored', name: 'a.png', url: '/api/v1/products/a/image?v=1', size: 10 } }, {}],
    ['a picked image of exactly 1 MiB', { ...valid, image: picked({ size: PRODUCT_IMAGE_MAX_BYTES }) }, {}],
    ['a picked image one byte over 1 MiB', { ...valid, image: picked({ size: PRODUCT_IMAGE_MAX_BYTES + 1 }) }, { image: 'products.imageTooLarge?size=1%2C1%20MB' }],
    ['a picked image of another type', { ...valid, image: picked({ type: 'image/gif' as TPickedImage['type'] }) }, { image: 'validation.imageType' }],
  ])('%s', (_case, values, expected) => {
    expect(fieldErrors(values)).toEqual(expected);
  });

  it('trims the texts it accepts', () => {
    const result = schema.parse({ ...valid, name: '  Kraan  ', description: ' Tapkraan ' });
    expect([result.name, result.description]).toEqual(['Kraan', 'Tapkraan']);
  });
});

describe('imageFileProblem: the client-side check of a picked file, as the server checks it', () => {
  it.each<[string, number, number[], string | null]>([
    ['PNG', 2000, PNG, null],
    ['JPEG', 2000, JPEG, null],
    ['WebP', 2000, WEBP, null],
    ['GIF', 2000, GIF, 'validation.imageType'],
    ['SVG (can carry scripts)', 2000, SVG, 'validation.imageType'],
    ['an empty file', 0, [], 'validation.imageType'],
    ['RIFF without WEBP', 2000, [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x41, 0x56, 0x49, 0x20], 'validation.imageType'],
    ['PNG of exactly 1 MiB', PRODUCT_IMAGE_MAX_BYTES, PNG, null],
    ['PNG one byte over 1 MiB', PRODUCT_IMAGE_MAX_BYTES + 1, PNG, 'products.imageTooLarge?size=1%2C1%20MB'],
    ['a 3 MB GIF: the size is named first', 3 * 1024 * 1024, GIF, 'products.imageTooLarge?size=3%20MB'],
  ])('%s', (_case, size, first, expected) => {
    expect(imageFileProblem(size, bytes(first), 'nl')).toBe(expected);
  });
});

describe('imageValueProblem', () => {
  it.each<[string, Parameters<typeof imageValueProblem>[0], string | null]>([
    ['null', null, 'validation.required'],
    ['undefined', undefined, 'validation.required'],
    ['stored', { source: 'stored', name: 'a.png', url: '/x', size: 5 * PRODUCT_IMAGE_MAX_BYTES }, null],
    ['picked PNG', picked(), null],
    ['picked WebP', picked({ type: 'image/webp' }), null],
  ])('%s', (_case, value, expected) => {
    expect(imageValueProblem(value, 'en')).toBe(expected);
  });
});

describe('formatBytes', () => {
  it.each<[number, string, string]>([
    [512, 'nl', '512 B'],
    [1024, 'nl', '1 kB'],
    [1025, 'nl', '2 kB'],
    [850 * 1024, 'en', '850 kB'],
    [1024 * 1024, 'nl', '1 MB'],
    [1024 * 1024 + 1, 'nl', '1,1 MB'],
    [1024 * 1024 + 1, 'en', '1.1 MB'],
    [Math.round(2.5 * 1024 * 1024), 'en', '2.5 MB'],
  ])('%i bytes in %s', (size, language, expected) => {
    expect(formatBytes(size, language)).toBe(expected);
  });
});

describe('readImageFile', () => {
  it('reads a real PNG into a data: URL with the sniffed type', async () => {
    const raw = Uint8Array.from(atob(ONE_PIXEL_PNG), (char) => char.charCodeAt(0));
    // Named .jpg and declared as JPEG: the content decides.
    const result = await readImageFile(new File([raw], 'pixel.jpg', { type: 'image/jpeg' }), 'nl');
    expect(result).toEqual({ image: { source: 'file', name: 'pixel.jpg', data: `data:image/png;base64,${ONE_PIXEL_PNG}`, size: raw.length, type: 'image/png' } });
  });

  it.each<[string, File, string]>([
    ['a GIF named .png', new File([bytes(GIF)], 'fake.png', { type: 'image/png' }), 'validation.imageType'],
    ['an SVG', new File([bytes(SVG)], 'logo.svg', { type: 'image/svg+xml' }), 'validation.imageType'],
    ['a PNG over 1 MB', new File([bytes(PNG), new Uint8Array(PRODUCT_IMAGE_MAX_BYTES)], 'big.png'), 'products.imageTooLarge?size=1%2C1%20MB'],
  ])('refuses %s', async (_case, file, expected) => {
    expect(await readImageFile(file, 'nl')).toEqual({ error: expected });
  });
});

describe('request bodies', () => {
  const stored: TProduct = {
    name: 'Kraan',
    type: 'Faucet',
    description: 'Tapkraan',
    image: { name: 'kraan.webp', type: 'image/webp', size: 1234, url: '/api/v1/products/Kraan/image?v=5' },
  };

  it('loads a product into the form with its stored image', () => {
    expect(productToForm(stored)).toEqual({
      name: 'Kraan',
      type: 'Faucet',
      description: 'Tapkraan',
      image: { source: 'stored', name: 'kraan.webp', url: '/api/v1/products/Kraan/image?v=5', size: 1234 },
    });
    expect(productToForm({ ...stored, image: null }).image).toBeNull();
  });

  it('creates with the picked image as { name, data }', () => {
    expect(toCreateBody(schema.parse(valid))).toEqual({
      name: 'Sanimatic kraan',
      type: 'Faucet',
      description: 'Tapkraan',
      image: { name: 'kraan.png', data: `data:image/png;base64,${ONE_PIXEL_PNG}` },
    });
  });

  it.each<[string, TProductFormValues, boolean]>([
    ['the stored image is not sent again', productToForm(stored), false],
    ['a newly picked image replaces it', { ...productToForm(stored), image: picked() }, true],
  ])('edit: %s', (_case, values, sendsImage) => {
    const body = toPatchBody(schema.parse(values));
    expect(body).toMatchObject({ name: 'Kraan', type: 'Faucet', description: 'Tapkraan' });
    expect('image' in body).toBe(sendsImage);
  });
});

describe('productFormErrors: server answers on the fields', () => {
  const answer = (status: number, body: object) => new HttpError(status, 'POST', '/api/v1/products', { statusCode: status, error: 'x', message: 'x', ...body });
  it.each<[string, unknown, Record<string, string>]>([
    ['400 not an image', answer(400, { key: 'errors.badRequest', fields: { 'image.data': 'validation.imageType' } }), { image: 'validation.imageType' }],
    ['400 not base64', answer(400, { key: 'errors.badRequest', fields: { 'image.data': 'validation.base64' } }), { image: 'validation.base64' }],
    ['413 too large', answer(413, { key: 'errors.payloadTooLarge', fields: { 'image.data': 'errors.payloadTooLarge' } }), { image: 'products.imageTooLargeServer' }],
    ['413 without fields (body limit)', answer(413, { key: 'errors.payloadTooLarge' }), { image: 'products.imageTooLargeServer' }],
    ['409 name taken', answer(409, { key: 'errors.productNameTaken', fields: { name: 'errors.productNameTaken' } }), { name: 'errors.productNameTaken' }],
    ['400 on several fields, unknown ones skipped', answer(400, { fields: { type: 'validation.oneOf', description: 'validation.required', other: 'x' } }), { type: 'validation.oneOf', description: 'validation.required' }],
    ['a network failure', new HttpError(0, 'POST', '/api/v1/products', null), {}],
    ['not an HTTP error', new Error('boom'), {}],
  ])('%s', (_case, error, expected) => {
    expect(productFormErrors(error)).toEqual(expected);
  });
});
