import { describe, expect, it } from 'vitest';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { buildApp } from '../../app';
import { migrationFiles } from '../../db/migrate';
import { useTestContext } from '../../test/test-app';

const ctx = useTestContext({ reset: 'never' });

describe('server basics', () => {
  it('GET /healthz: the process answers, no database asked', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: 'develop-1.0.6' });
  });

  it('GET /readyz checks the database, the migrations and the intake', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: ctx.database.kind,
      version: 'develop-1.0.6',
      checks: { database: 'ok', migrations: 'ok', intake: 'ok' },
    });
  });

  it('GET /readyz: 503 naming the check while a migration is missing, /healthz 200 meanwhile', async () => {
    const database = ctx.database;
    const fresh = await buildApp({ config: { TOKEN_TTL: 3600, WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', TRUST_PROXY: false }, database });
    const [last] = migrationFiles().slice(-1);
    const version = last.replace(/\.sql$/, '');
    await database.system.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM schema_migrations WHERE version = ${version}`);
      try {
        const ready = await fresh.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', migrations: 'failed', intake: 'ok' } });
        expect((await fresh.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        tx.rollback();
      }
    }).catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
    await fresh.close();
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
