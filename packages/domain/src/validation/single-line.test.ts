import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZCustomerPatch, ZGatewayPatch, ZLocationPatch } from '../places';
import { ZAccountPatch, ZUserPatch } from '../users';
import { ZDeviceChannelPatch, ZDeviceLoraPatch } from '../nodes';
import { ZProductPatch } from '../products';
import { ZNetworkServerPatch } from '../network-servers';
import { MESSAGE } from './message-key';
import { isSingleLine, toSingleLine } from './validators';

/** Issue 21 item 8: names are one line; the message key names the field. */
const NAMES: [string, z.ZodType, string][] = [
  ['customer', ZCustomerPatch, 'name'],
  ['location', ZLocationPatch, 'name'],
  ['gateway', ZGatewayPatch, 'name'],
  ['node', ZDeviceLoraPatch, 'name'],
  ['channel', ZDeviceChannelPatch, 'name'],
  ['user (first name)', ZUserPatch, 'firstName'],
  ['user (last name)', ZUserPatch, 'lastName'],
  ['own account (first name)', ZAccountPatch, 'firstName'],
  ['product', ZProductPatch, 'name'],
  ['network server', ZNetworkServerPatch, 'name'],
];

describe('single-line names', () => {
  it.each(NAMES.flatMap(([what, schema, field]) => ['Kelder\nBEZORGD', 'Kelder\r\nB', 'Kelder\rB', 'a\u2028b'].map((value) => [what, schema, field, value] as const)))(
    '%s: %j in %s is refused with validation.singleLine',
    (_what, schema, field, value) => {
      const result = schema.safeParse({ [field]: value });
      expect(result.success).toBe(false);
      const issue = result.error!.issues.find((candidate) => candidate.path.join('.') === field);
      expect(issue?.message).toBe(MESSAGE.singleLine);
    },
  );

  it.each(NAMES)('%s: one line is accepted, a trailing newline is trimmed', (_what, schema, field) => {
    expect(schema.safeParse({ [field]: 'Kelder 2 — oost' }).success).toBe(true);
    const trimmed = schema.safeParse({ [field]: 'Kelder 2\n' });
    expect(trimmed.success).toBe(true);
  });

  it('a product description may hold lines', () => {
    expect(ZProductPatch.safeParse({ description: 'Regel 1\nRegel 2' }).success).toBe(true);
  });

  it.each([
    ['one line', 'one line', true],
    ['a\nb', 'a b', false],
    ['a\r\n\r\nb', 'a b', false],
    ['a\u0085b\u2029c', 'a b c', false],
  ])('%j: toSingleLine %j, isSingleLine %s', (text, line, single) => {
    expect(toSingleLine(text)).toBe(line);
    expect(isSingleLine(text)).toBe(single);
  });
});
