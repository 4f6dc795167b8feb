import { describe, expect, it } from 'vitest';
import { isWebhookUrl, toWebhookBody, ZWebhookCreate } from './api';

describe('isWebhookUrl', () => {
  it.each([
    ['https://example.com/hook', true],
    ['http://127.0.0.1:8080/x', true],
    ['https://user:pw@example.com/x', false],
    ['https://user@example.com/x', false],
    ['ftp://example.com/x', false],
    ['javascript:alert(1)', false],
    ['example.com/hook', false],
    ['', false],
  ])('%s: %s', (url, ok) => {
    expect(isWebhookUrl(url)).toBe(ok);
  });
});

describe('ZWebhookCreate', () => {
  it('keeps the types in catalogue order without repeats', () => {
    const body = ZWebhookCreate.parse({ url: 'https://example.com/x', customer: null, types: ['node.moved', 'alarm.opened', 'node.moved'] });
    expect(body.types).toEqual(['alarm.opened', 'node.moved']);
    expect(body.enabled).toBe(true);
  });

  it('the form sends "" as every customer (null)', () => {
    expect(toWebhookBody({ url: 'https://example.com/x', description: '', customer: '', types: ['check.done'], enabled: false }).customer).toBeNull();
    expect(toWebhookBody({ url: 'https://example.com/x', description: '', customer: 'Acme', types: ['check.done'], enabled: false }).customer).toBe('Acme');
  });
});
