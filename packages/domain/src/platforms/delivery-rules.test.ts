import { describe, expect, it } from 'vitest';
import { backoffSeconds, deliveryVerdict } from './delivery-rules';
import { isMaskedToken, maskToken, TOKEN_MASK } from './token-mask';

describe('deliveryVerdict', () => {
  it.each([
    [null, 'retry'],
    [199, 'park'],
    [200, 'delivered'],
    [204, 'delivered'],
    [299, 'delivered'],
    [301, 'park'],
    [400, 'park'],
    [401, 'park'],
    [404, 'park'],
    [408, 'retry'],
    [413, 'park'],
    [429, 'retry'],
    [499, 'park'],
    [500, 'retry'],
    [503, 'retry'],
  ] as const)('status %s: %s', (status, verdict) => {
    expect(deliveryVerdict(status)).toBe(verdict);
  });
});

describe('backoffSeconds', () => {
  it.each([
    [0, 60, 60],
    [1, 60, 60],
    [2, 60, 120],
    [3, 60, 240],
    [6, 60, 1920],
    [7, 60, 3600],
    [50, 60, 3600],
    [1, 5, 5],
    [4, 5, 40],
    [1, 7200, 7200],
  ])('failure %i with N=%i: %i s', (failures, batch, seconds) => {
    expect(backoffSeconds(failures, batch)).toBe(seconds);
  });
});

describe('maskToken', () => {
  it.each([
    [null, null],
    ['', null],
    ['short', TOKEN_MASK],
    ['123456789012345', TOKEN_MASK],
    ['1234567890123456', `${TOKEN_MASK}3456`],
    ['a-long-secret-token-xyz9', `${TOKEN_MASK}xyz9`],
  ])('%s -> %s', (token, masked) => {
    expect(maskToken(token)).toBe(masked);
    if (masked !== null) expect(isMaskedToken(masked)).toBe(true);
  });
  it('a typed token is not a mask', () => {
    expect(isMaskedToken('secret')).toBe(false);
    expect(isMaskedToken(null)).toBe(false);
    expect(isMaskedToken('••secret')).toBe(false);
  });
});
