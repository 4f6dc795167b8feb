import { describe, expect, it } from 'vitest';
import { parseNodeLabel } from './label';
import { outletLabelLines, outletLabelUrl, parseOutletLabel } from './outlet-label';

describe('parseOutletLabel', () => {
  it.each([
    ['https, a portal', 'https://portal.aquasmart.nl/outlets/17', 17],
    ['http with a port', 'http://127.0.0.1:3440/outlets/1', 1],
    ['another host', 'https://test.example.com/outlets/2147483647', 2147483647],
    ['a slash at the end', 'https://portal.example.nl/outlets/42/', 42],
    ['spaces and a line break around', '  https://portal.example.nl/outlets/42\n', 42],
    ['capitals (a QR code in alphanumeric mode)', 'HTTPS://PORTAL.EXAMPLE.NL/OUTLETS/42', 42],
    ['a host name with a dash and a sub-domain', 'https://water-portal.eu.example.org/outlets/9', 9],
  ])('%s: %j -> %s', (_case, text, outletId) => {
    expect(parseOutletLabel(text)).toEqual({ ok: true, outletId });
  });

  it.each([
    ['empty', ''],
    ['the id alone', '42'],
    ['no scheme', 'portal.example.nl/outlets/42'],
    ['another scheme', 'ftp://portal.example.nl/outlets/42'],
    ['no host', 'https:///outlets/42'],
    ['user info in the host', 'https://me@portal.example.nl/outlets/42'],
    ['zero', 'https://portal.example.nl/outlets/0'],
    ['a leading zero', 'https://portal.example.nl/outlets/042'],
    ['negative', 'https://portal.example.nl/outlets/-4'],
    ['a fraction', 'https://portal.example.nl/outlets/4.5'],
    ['past the database integer', 'https://portal.example.nl/outlets/2147483648'],
    ['eleven digits', 'https://portal.example.nl/outlets/12345678901'],
    ['no id', 'https://portal.example.nl/outlets/'],
    ['another path', 'https://portal.example.nl/nodes/42'],
    ['a path below', 'https://portal.example.nl/outlets/42/checks'],
    ['under a prefix', 'https://portal.example.nl/app/outlets/42'],
    ['a query', 'https://portal.example.nl/outlets/42?x=1'],
    ['a fragment', 'https://portal.example.nl/outlets/42#top'],
    ['a space inside', 'https://portal.example.nl/outlets/4 2'],
    ['a node EUI', '70B3D5E75E000001'],
  ])('refuses %s: %j', (_case, text) => {
    expect(parseOutletLabel(text)).toEqual({ ok: false });
  });

  it('reads what outletLabelUrl prints; a node label refuses it', () => {
    const printed = outletLabelUrl('https://portal.example.nl/', 123);
    expect(printed).toBe('https://portal.example.nl/outlets/123');
    expect(parseOutletLabel(printed)).toEqual({ ok: true, outletId: 123 });
    expect(parseNodeLabel(printed).ok).toBe(false);
  });
});

describe('outletLabelLines', () => {
  const outlet = { name: 'Douche 1.04', room: '1.04', floor: '1', kind: 'shower', water: 'mixed', customer: 'Acme', location: 'Hal' } as const;
  it.each([
    ['nl', outlet, { name: 'Douche 1.04', where: 'Ruimte 1.04 · Verdieping 1', what: 'Douche · Gemengd', place: 'Acme / Hal' }],
    ['en', outlet, { name: 'Douche 1.04', where: 'Room 1.04 · Floor 1', what: 'Shower · Mixed', place: 'Acme / Hal' }],
    ['de', outlet, { name: 'Douche 1.04', where: 'Raum 1.04 · Geschoss 1', what: 'Dusche · Gemischt', place: 'Acme / Hal' }],
    ['nl', { ...outlet, floor: null }, { name: 'Douche 1.04', where: 'Ruimte 1.04', what: 'Douche · Gemengd', place: 'Acme / Hal' }],
    ['nl', { ...outlet, room: null, kind: 'coldTank', water: 'cold' }, { name: 'Douche 1.04', where: 'Verdieping 1', what: 'Koudwatertank · Koud', place: 'Acme / Hal' }],
    ['en', { ...outlet, room: null, floor: null }, { name: 'Douche 1.04', where: null, what: 'Shower · Mixed', place: 'Acme / Hal' }],
  ] as const)('%s %j', (language, facts, lines) => {
    expect(outletLabelLines(facts, language)).toEqual(lines);
  });
});
