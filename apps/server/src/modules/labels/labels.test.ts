import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { parseNodeLabel, parseOutletLabel } from '@aquasmart/domain';
import { users } from '../../db/schema';
import { insertOutlets, type TNewOutlet } from '../outlets/outlet-repository';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';

/**
 * GET /devices/labels (docs/field-work.md, "Print labels"): the PDF turned into images with
 * pdftoppm and its QR codes decoded with ZXing, as a phone would read the printed sheet; scope and
 * the query's rules.
 */
const ctx = useTestContext();
const call = caller(ctx);
let tokens: Record<'admin' | 'engineer' | 'acmeOnly', string>;
let outletIds: { hal: number[]; elders: number };

const HAL = Array.from({ length: 26 }, (_unused, index) => `70B3D5499D0000${String(index).padStart(2, '0')}`);
const BETA = '70B3D5499D0001FF';
const LOOSE = '70B3D5499D0002AA';

beforeAll(async () => {
  const wasm = fs.readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
});

beforeEach(async () => {
  const db = ctx.database.db;
  const acme = await insertCustomer(db, 'Acme');
  const beta = await insertCustomer(db, 'Beta');
  const hal = await insertLocation(db, acme, 'Hal');
  const elders = await insertLocation(db, beta, 'Elders');
  for (const [index, eui] of HAL.entries()) await insertDevice(db, { eui, name: `Hal tappunt ${String(index + 1).padStart(2, '0')}`, customerId: acme, locationId: hal });
  await insertDevice(db, { eui: BETA, name: 'Elders 1', customerId: beta, locationId: elders });
  await insertDevice(db, { eui: LOOSE, name: '' });
  const outlet = (name: string, values: Partial<TNewOutlet> = {}): TNewOutlet => ({
    name, room: null, floor: null, kind: 'shower', water: 'hot', sentinel: 'none', littleUsed: false, eui: null, channelId: null, samplePointId: null, ...values,
  });
  outletIds = {
    hal: await insertOutlets(db, hal, [
      outlet('Douche kamer 1.04', { room: '1.04', floor: '1', water: 'mixed' }),
      outlet('Koudwatertank zolder', { floor: 'Zolder', kind: 'coldTank', water: 'cold' }),
      outlet(`Wastafel ${'met een heel lange naam die niet op het label past '.repeat(2)}`.trim(), { room: 'Keuken', kind: 'washbasinTap' }),
    ]),
    elders: (await insertOutlets(db, elders, [outlet('Elders douche')]))[0],
  };
  await insertLocation(db, acme, 'Leeg');
  tokens = await ctx.signedInUsers({ admin: { administrator: true }, engineer: { rights: { calibration: true } }, acmeOnly: { rights: { calibration: true } } });
  const [acmeUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'acmeOnly@example.com'));
  await restrictUser(db, acmeUser.id, [acme]);
});

const nodeEui = (text: string) => {
  const label = parseNodeLabel(text);
  return label.ok ? label.eui : `not a label: ${text}`;
};

/** The QR codes on each page, read from a 150 dpi image of it, as `read` reads them (by default the EUIs, as parseNodeLabel reads them). */
async function qrCodesPerPage(pdf: Buffer, read: (text: string) => string = nodeEui): Promise<string[][]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
  try {
    fs.writeFileSync(path.join(folder, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-png', path.join(folder, 'sheet.pdf'), path.join(folder, 'page')]);
    const pages = fs.readdirSync(folder).filter((file) => file.endsWith('.png')).sort();
    const result: string[][] = [];
    for (const page of pages) {
      const codes = await readBarcodes(new Uint8Array(fs.readFileSync(path.join(folder, page))), { formats: ['QRCode'], maxNumberOfSymbols: 30, tryHarder: true });
      result.push(codes.filter((code) => code.isValid).map((code) => read(code.text)).sort());
    }
    return result;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');

describe('GET /devices/labels', () => {
  it("a location's 26 nodes: two A4 sheets of 24 and 2 labels whose QR codes read as the EUIs; EUI in groups, name and place printed", async () => {
    const response = await call(tokens.engineer, 'GET', `/devices/labels?customer=Acme&location=Hal`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="labels-Acme-Hal.pdf"');
    const pdf = response.rawPayload;
    const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+2/);
    expect(info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    const pages = await qrCodesPerPage(pdf);
    expect(pages.map((page) => page.length)).toEqual([24, 2]);
    expect(pages.flat().sort()).toEqual([...HAL].sort());
    const text = pdfText(pdf);
    expect(text).toContain('70B3 D549 9D00 0000');
    expect(text).toContain('Hal tappunt 01');
    expect(text).toContain('Acme / Hal');
  });

  it('a selection: the nodes the user may see; another customer\'s node is left out as if it did not exist', async () => {
    const response = await call(tokens.acmeOnly, 'GET', `/devices/labels?euis=${HAL[0]},${BETA.toLowerCase()},${HAL[1]}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await qrCodesPerPage(response.rawPayload)).toEqual([[HAL[0], HAL[1]].sort()]);
    expect(pdfText(response.rawPayload)).not.toContain('Elders');
  });

  it.each([
    ['only nodes of another customer', 'acmeOnly', `euis=${BETA}`, 404],
    ['an unassigned node, not an administrator', 'engineer', `euis=${LOOSE}`, 404],
    ['a location of another customer', 'acmeOnly', 'customer=Beta&location=Elders', 404],
    ['an unknown location', 'engineer', 'customer=Acme&location=Kelder', 404],
    ['neither selection nor location', 'engineer', '', 400],
    ['both', 'engineer', `euis=${HAL[0]}&customer=Acme&location=Hal`, 400],
    ['a malformed EUI', 'engineer', 'euis=70B3D5499D00000', 400],
    ['241 EUIs', 'engineer', `euis=${Array.from({ length: 241 }, (_unused, index) => `70B3D549${String(index).padStart(8, '0')}`).join(',')}`, 400],
  ] as const)('%s: the status', async (_case, user, query, status) => {
    const response = await call(tokens[user], 'GET', `/devices/labels?${query}`);
    expect(response.statusCode, response.body).toBe(status);
  });

  it('an administrator labels an unassigned node (in the workshop): the EUI without a place', async () => {
    const response = await call(tokens.admin, 'GET', `/devices/labels?euis=${LOOSE}`);
    expect(response.statusCode).toBe(200);
    expect(await qrCodesPerPage(response.rawPayload)).toEqual([[LOOSE]]);
    expect(pdfText(response.rawPayload)).toContain('70B3 D549 9D00 02AA');
  });
});

/** The outlet ids of a sheet's QR codes, as the scanner reads them (parseOutletLabel), and the address they name. */
const outletIdOf = (host: string) => (text: string) => {
  const label = parseOutletLabel(text);
  return label.ok && text === `http://${host}/outlets/${label.outletId}` ? String(label.outletId) : `not an outlet label of ${host}: ${text}`;
};

describe('GET /customers/{c}/locations/{l}/outlets/labels', () => {
  it("a location's outlets: one sheet whose QR codes open each outlet's page at the portal's address; name, room and floor, kind and water, place printed in the sheet's language", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/customers/Acme/locations/Hal/outlets/labels', headers: { 'x-access-token': tokens.engineer, host: 'portal.example.nl' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="outlet-labels-Acme-Hal.pdf"');
    const pdf = response.rawPayload;
    expect(execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' })).toMatch(/Pages:\s+1\b[\s\S]*A4/);
    expect(await qrCodesPerPage(pdf, outletIdOf('portal.example.nl'))).toEqual([outletIds.hal.map(String).sort()]);
    const text = pdfText(pdf);
    for (const printed of ['Douche kamer 1.04', 'Ruimte 1.04 · Verdieping 1', 'Douche · Gemengd', 'Verdieping Zolder', 'Koudwatertank · Koud', 'Ruimte Keuken', 'Wastafelkraan · Warm', 'Acme / Hal']) {
      expect(text).toContain(printed);
    }
    // A name longer than the label holds is cut with "…".
    expect(text).toContain("Wastafel met een heel lange naam die niet op het label past…");
    expect(text).not.toContain('Elders');

    const german = await call(tokens.engineer, 'GET', '/customers/Acme/locations/Hal/outlets/labels?language=de');
    expect(german.statusCode).toBe(200);
    const germanText = pdfText(german.rawPayload);
    for (const printed of ['Raum 1.04 · Geschoss 1', 'Dusche · Gemischt', 'Kaltwasserbehälter · Kalt', 'Waschtischarmatur · Warm']) expect(germanText).toContain(printed);
    expect(pdfText((await call(tokens.engineer, 'GET', '/customers/Acme/locations/Hal/outlets/labels?language=en')).rawPayload)).toContain('Room 1.04 · Floor 1');
  });

  it("chosen outlets: those of the location; another location's outlet is left out as if it did not exist", async () => {
    const [first, second] = outletIds.hal;
    const response = await call(tokens.acmeOnly, 'GET', `/customers/Acme/locations/Hal/outlets/labels?ids=${second},${outletIds.elders}, ${second}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="outlet-labels-Acme-Hal-Koudwatertank-zolder.pdf"');
    expect(await qrCodesPerPage(response.rawPayload, outletIdOf('localhost:80'))).toEqual([[String(second)]]);
    expect(pdfText(response.rawPayload)).not.toContain('Douche kamer');
    expect((await call(tokens.acmeOnly, 'GET', `/customers/Acme/locations/Hal/outlets/labels?ids=${first},${second}`)).statusCode).toBe(200);
  });

  it.each([
    ["another customer's location", 'acmeOnly', '/customers/Beta/locations/Elders/outlets/labels', 404],
    ['an unknown location', 'engineer', '/customers/Acme/locations/Kelder/outlets/labels', 404],
    ['a location without outlets', 'engineer', '/customers/Acme/locations/Leeg/outlets/labels', 404],
    ["only another location's outlet", 'engineer', () => `/customers/Acme/locations/Hal/outlets/labels?ids=${outletIds.elders}`, 404],
    ['an outlet that does not exist', 'engineer', '/customers/Acme/locations/Hal/outlets/labels?ids=999999', 404],
    ['id 0', 'engineer', '/customers/Acme/locations/Hal/outlets/labels?ids=0', 400],
    ['an id that is no number', 'engineer', '/customers/Acme/locations/Hal/outlets/labels?ids=1,x', 400],
    ['an id past the database integer', 'engineer', '/customers/Acme/locations/Hal/outlets/labels?ids=2147483648', 400],
    ['an empty selection', 'engineer', '/customers/Acme/locations/Hal/outlets/labels?ids=,', 400],
    ['241 ids', 'engineer', `/customers/Acme/locations/Hal/outlets/labels?ids=${Array.from({ length: 241 }, (_unused, index) => index + 1).join(',')}`, 400],
    ['a language the sheet does not print', 'engineer', '/customers/Acme/locations/Hal/outlets/labels?language=fr', 400],
  ] as const)('%s: the status', async (_case, user, url, status) => {
    const response = await call(tokens[user], 'GET', typeof url === 'function' ? url() : url);
    expect(response.statusCode, response.body).toBe(status);
  });

  it("a sheet of node labels still reads as before: the EUI beneath the code", async () => {
    const response = await call(tokens.engineer, 'GET', `/devices/labels?euis=${BETA}`);
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('Elders 1 Beta / Elders 70B3 D549 9D00 01FF');
  });
});
