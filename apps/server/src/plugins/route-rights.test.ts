import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, RIGHT_CATALOGUE, RIGHT_FLAGS, type TOperationName } from '@aquasmart/domain';
import { useTestContext } from '../test/test-app';
import { API_PREFIX } from '../app';

/**
 * Walks the whole route table: every route declares a catalogued operation name with the same
 * method and path, and for each flag a user holding only that flag reaches exactly the routes
 * the catalogue gives it (any answer but 403), and gets 403 from every other guarded route.
 */
const tokens = new Map<string, string>();
const PASSWORD = 'Route-table-2026';

const ctx = useTestContext({ reset: 'never' });
beforeAll(async () => {
  await ctx.createUser({ email: 'admin@example.com', password: PASSWORD, administrator: true });
  await ctx.createUser({ email: 'nobody@example.com', password: PASSWORD, rights: {} });
  tokens.set('none', await ctx.tokenFor('nobody@example.com'));
  for (const flag of RIGHT_FLAGS) {
    const email = `${flag.toLowerCase()}@example.com`;
    await ctx.createUser({ email, password: PASSWORD, rights: { [flag]: true } });
    tokens.set(flag, await ctx.tokenFor(email));
  }
});

/**
 * Streams that stay open (an injected request would wait for ever): their rights are checked over a
 * real connection beside them (modules/events/events.test.ts: a user without any right is answered).
 */
const STREAMS = new Set<string>(['GetEvents']);

function apiRoutes() {
  return ctx.app.routeTable.filter((route) => route.url.startsWith(`${API_PREFIX}/`) && !route.public && !STREAMS.has(route.operationId ?? ''));
}

function fillPath(url: string): string {
  // Path parameters point at things that do not exist: rights are checked before lookups.
  return url.replace(/:([A-Za-z]+)/g, (_all, name: string) => (name === 'email' ? 'missing%40example.com' : `missing-${name}`));
}

describe('route table', () => {
  it('every route has a catalogued operation name with the same method and path', () => {
    for (const route of ctx.app.routeTable.filter((candidate) => candidate.url.startsWith(API_PREFIX) || ['/healthz', '/readyz'].includes(candidate.url))) {
      const name = route.operationId as TOperationName;
      expect(Object.hasOwn(OPERATIONS, name), `${route.method} ${route.url}: ${name}`).toBe(true);
      const operation = OPERATIONS[name];
      expect(`${route.method} ${route.url}`).toBe(`${operation.method} ${['/healthz', '/readyz'].includes(operation.path) ? '' : API_PREFIX}${operation.path}`);
      expect(route.public, name).toBe(operation.access === 'public');
    }
  });

  it.each([...RIGHT_FLAGS, 'none' as const])('a user with only %s reaches exactly its routes', async (flag) => {
    const token = tokens.get(flag)!;
    for (const route of apiRoutes()) {
      const name = route.operationId as TOperationName;
      const { access } = OPERATIONS[name];
      const granted =
        access === 'signedIn' ||
        access === 'read' ||
        flag === 'administrator' ||
        (access === 'route' &&
          flag !== 'none' &&
          RIGHT_CATALOGUE[flag].some((entry) => entry.type === 'route' && entry.path === name));
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: fillPath(route.url),
        headers: { 'x-access-token': token, 'content-type': 'application/json' },
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
      });
      if (granted) expect(response.statusCode, `${flag} -> ${name}`).not.toBe(403);
      else {
        expect(response.statusCode, `${flag} -> ${name}`).toBe(403);
        expect(response.json().key).toBe('errors.forbidden');
      }
    }
  });
});
