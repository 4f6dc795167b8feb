import { describe, expect, it } from 'vitest';
import { euiGroups, parseNodeLabel } from './label';

describe('parseNodeLabel', () => {
  it.each([
    ['plain, upper case', '70B3D5E75E000001', '70B3D5E75E000001'],
    ['plain, lower case', '70b3d5e75e000001', '70B3D5E75E000001'],
    ['groups of four with spaces', '70B3 D5E7 5E00 0001', '70B3D5E75E000001'],
    ['spaces around', '  70B3D5E75E000001\n', '70B3D5E75E000001'],
    ['dashes between pairs', '70-b3-d5-e7-5e-00-00-01', '70B3D5E75E000001'],
    ['colons between pairs', '70:B3:D5:E7:5E:00:00:01', '70B3D5E75E000001'],
    ['dots', '70B3.D5E7.5E00.0001', '70B3D5E75E000001'],
  ])('%s: %j -> %s', (_case, text, eui) => {
    expect(parseNodeLabel(text)).toEqual({ ok: true, eui, format: 'plain' });
  });

  it.each([
    ['the required fields', 'LW:D0:1122334455667788:70B3D5E75E000001:AABB1122'],
    ['with the optional fields', 'LW:D0:1122334455667788:70B3D5E75E000001:AABB1122:OAABBCCDDEEFF:SYYWWNNNNNN:PFOOBAR:CAF2C'],
    ['lower case', 'lw:d0:1122334455667788:70b3d5e75e000001:aabb1122'],
  ])('TR005, %s: the DevEUI is the node', (_case, text) => {
    expect(parseNodeLabel(text)).toEqual({ ok: true, eui: '70B3D5E75E000001', format: 'tr005', joinEui: '1122334455667788', profileId: 'AABB1122' });
  });

  it.each([
    ['empty', '', 'empty'],
    ['only spaces', '   ', 'empty'],
    ['15 digits', '70B3D5E75E00000', 'length'],
    ['17 digits', '70B3D5E75E0000011', 'length'],
    ['a letter that is no hex digit', '70B3D5E75E00000G', 'notHex'],
    ['a URL', 'https://example.com/70B3D5E75E000001', 'notHex'],
    ['TR005 without profile ID', 'LW:D0:1122334455667788:70B3D5E75E000001', 'tr005'],
    ['TR005 with a 15-digit DevEUI', 'LW:D0:1122334455667788:70B3D5E75E00000:AABB1122', 'tr005'],
    ['TR005 with a JoinEUI that is no hex', 'LW:D0:11223344556677XX:70B3D5E75E000001:AABB1122', 'tr005'],
    ['TR005 with a short profile ID', 'LW:D0:1122334455667788:70B3D5E75E000001:AABB112', 'tr005'],
  ])('refuses %s', (_case, text, reason) => {
    expect(parseNodeLabel(text)).toEqual({ ok: false, reason });
  });
});

describe('euiGroups', () => {
  it.each([
    ['70B3D5E75E000001', '70B3 D5E7 5E00 0001'],
    ['ABCD', 'ABCD'],
    ['', ''],
  ])('%j -> %j', (eui, groups) => {
    expect(euiGroups(eui)).toBe(groups);
  });
});
