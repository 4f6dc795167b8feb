import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test, type Locator, type Page } from './portal';
import { ADMIN, ENGINEER, signIn } from './fixtures';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (RGB, 8 bit): a blue-to-green gradient of width x height pixels. */
function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x++) rows.push(20, Math.round((255 * x) / width), Math.round(120 + (135 * y) / height));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes a file into the test's output folder and returns its path. */
function writeFile(name: string, bytes: Buffer): string {
  const file = test.info().outputPath(name);
  fs.writeFileSync(file, bytes);
  return file;
}

function uniqueName(base: string): string {
  return `${base} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The card's image finished loading from its object URL (a real decoded picture). */
async function expectImageLoaded(image: Locator, width: number): Promise<void> {
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth)).toBe(width);
}

async function chooseType(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test.describe('products', () => {
  test('an administrator creates a product with an image, sees it on its card, edits it and deletes it', async ({ page }) => {
    const name = uniqueName('Spoelkraan');
    const renamed = `${name} XL`;
    const png = writeFile('spoelkraan.png', gradientPng(96, 64));
    const fakePng = writeFile('nep.png', Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1'));
    await signIn(page, ADMIN, '/products');
    await expect(page.getByRole('heading', { name: 'Producten', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Nieuw product' }).click();
    await expect(page).toHaveURL(/\/products\/new$/);

    // Every field is required, in Dutch.
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page.getByText('Veld is verplicht')).toHaveCount(4);
    await expect(page).toHaveURL(/\/products\/new$/);

    // A file that only claims to be a PNG is refused by its content.
    await page.getByTestId('product-image-input').setInputFiles(fakePng);
    await expect(page.getByText('Alleen afbeeldingen in PNG, JPEG of WebP')).toBeVisible();

    await page.getByLabel(/^Naam/).fill(name);
    await chooseType(page, 'Kraan');
    await page.getByLabel(/^Omschrijving/).fill('Elektronische spoelkraan voor de e2e-test.');
    await page.getByTestId('product-image-input').setInputFiles(png);
    await expect(page.getByRole('img', { name: 'Voorbeeld van de gekozen afbeelding' })).toBeVisible();
    await expect(page.getByText('Alleen afbeeldingen in PNG, JPEG of WebP')).toHaveCount(0);
    await page.getByRole('button', { name: 'Aanmaken' }).click();

    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText('Product aangemaakt')).toBeVisible();
    const created = card(page, name);
    await expect(created.getByText('Kraan', { exact: true })).toBeVisible();
    await expect(created.getByText('Elektronische spoelkraan voor de e2e-test.')).toBeVisible();
    await expectImageLoaded(created.getByRole('img', { name: `Afbeelding van ${name}` }), 96);

    // Edit: the stored image is shown and kept; an emptied field says so in Dutch.
    await created.getByRole('link', { name: `${name} bewerken` }).click();
    await expect(page).toHaveURL(`/products/${encodeURIComponent(name)}/edit`);
    await expect(page.getByRole('heading', { name: `${name} bewerken` })).toBeVisible();
    await expectImageLoaded(page.getByRole('img', { name: `Afbeelding van ${name}` }), 96);
    await page.getByLabel(/^Omschrijving/).fill('');
    await page.getByLabel(/^Naam/).fill('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Veld is verplicht')).toHaveCount(2);
    await page.getByLabel(/^Naam/).fill(renamed);
    await page.getByLabel(/^Omschrijving/).fill('Gewijzigde omschrijving.');
    await chooseType(page, 'Overig');
    await page.getByRole('button', { name: 'Opslaan' }).click();

    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText('Product gewijzigd')).toBeVisible();
    const edited = card(page, renamed);
    await expect(edited.getByText('Gewijzigde omschrijving.')).toBeVisible();
    await expect(edited.getByText('Overig', { exact: true })).toBeVisible();
    await expectImageLoaded(edited.getByRole('img', { name: `Afbeelding van ${renamed}` }), 96);
    await expect(card(page, name)).toHaveCount(0);

    // A product a gateway still uses is refused (409) with the reason; nothing is lost.
    await card(page, 'Kerlink iStation').getByRole('button', { name: 'Kerlink iStation verwijderen' }).click();
    await page.getByRole('dialog', { name: 'Product verwijderen' }).getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText(/^Fout bij verwijderen product: Product is nog in gebruik bij [1-9]\d* gateway\(s\) en \d+ node\(s\)$/)).toBeVisible();
    await expect(card(page, 'Kerlink iStation')).toBeVisible();
    await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();

    await edited.getByRole('button', { name: `${renamed} verwijderen` }).click();
    await page.getByRole('dialog', { name: 'Product verwijderen' }).getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('Product verwijderd')).toBeVisible();
    await expect(card(page, renamed)).toHaveCount(0);
  });

  test('a user with the products right sees the cards but cannot add or edit', async ({ page }) => {
    await signIn(page, ENGINEER, '/products');
    await expect(card(page, 'Sanimatic kraan')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nieuw product' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /bewerken$/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /verwijderen$/ })).toHaveCount(0);

    await page.goto('/products/new');
    await expect(page).toHaveURL(/\/404$/);
    await page.goto(`/products/${encodeURIComponent('Sanimatic kraan')}/edit`);
    await expect(page).toHaveURL(/\/404$/);
  });
});
