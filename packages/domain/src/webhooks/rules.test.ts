import { describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, webhookDelivered, webhookRetryDelaySeconds, webhookSecretHint } from './rules';

describe('webhookRetryDelaySeconds', () => {
  it.each([
    [0, 0],
    [1, 5],
    [2, 300],
    [3, 1800],
    [4, 7200],
    [5, 18000],
    [6, 36000],
    [7, 36000],
    [8, null],
    [9, null],
  ])('after %i failed attempts: %s', (failures, seconds) => {
    expect(webhookRetryDelaySeconds(failures)).toBe(seconds);
  });

  it('gives up after the eighth attempt', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
    expect(webhookRetryDelaySeconds(WEBHOOK_MAX_ATTEMPTS - 1)).not.toBeNull();
    expect(webhookRetryDelaySeconds(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
  });
});

describe('webhookDelivered', () => {
  it.each([
    [null, false],
    [199, false],
    [200, true],
    [204, true],
    [299, true],
    [300, false],
    [410, false],
    [500, false],
  ])('%s: %s', (status, delivered) => {
    expect(webhookDelivered(status)).toBe(delivered);
  });
});

it('webhookSecretHint shows the prefix and four characters', () => {
  expect(webhookSecretHint('whsec_abcdefgh')).toBe('whsec_abcd…');
});
