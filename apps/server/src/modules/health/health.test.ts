import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-app';

const ctx = useTestContext({ reset: 'never' });

describe('server basics', () => {
  it('GET /healthz checks the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: ctx.database.kind, version: 'develop-1.0.6' });
  });

  it.each([
    ['GET', '/api/v1/does-not-exist'],
    ['POST', '/api/v1/does-not-exist'],
    ['GET', '/api/other'],
    ['DELETE', '/customers'],
    ['GET', '/assets/index-old.js'],
  ])('%s %s -> JSON 404', async (method, url) => {
    const response = await ctx.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', key: 'errors.notFound' });
  });

  it('serves the OpenAPI document with operation ids', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/v1/auth'].post.operationId).toBe('PostAuth');
    expect(document.paths['/api/v1/users/current'].get.operationId).toBe('GetCurrentUser');
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('malformed JSON body -> 400 JSON, never 500', async () => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect([400, 401]).toContain(response.statusCode);
    expect(response.json().statusCode).toBe(response.statusCode);
  });
});
