import { describe, expect, it, vi } from 'vitest';
import type * as Helmet from 'helmet';

/** Counts how often helmet's middleware is built; the app builds it once, not per request. */
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('helmet', async (importOriginal) => {
  const original = (await importOriginal<typeof Helmet>()).default;
  const counted = (...args: Parameters<typeof original>) => {
    built.count += 1;
    return original(...args);
  };
  return { default: Object.assign(counted, original) };
});

// Test files share a worker's modules (vitest.config.ts): the app's modules are loaded afresh here,
// after the mock, or an earlier file's copy would build the real helmet.
vi.resetModules();
const { useTestContext } = await import('../test/test-app');
const ctx = useTestContext({ reset: 'never' });

/** What @fastify/helmet sent with our options before the headers were built once (captured from it). */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self' 'wasm-unsafe-eval';script-src-attr 'none';style-src 'self' 'unsafe-inline'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it.each([
    ['/healthz', 200],
    ['/api/v1/does-not-exist', 404],
    ['/api/v1/users', 401],
  ])('GET %s -> %i with every security header', async (url, status) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(EXPECTED);
  });

  it('builds helmet once for the app, not once per request', async () => {
    for (let i = 0; i < 5; i += 1) await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(built.count).toBe(1);
  });
});
