import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { basicAuth, useTestContext, type TTestContext } from '../../test/test-app';
import { LOGIN_LIMITS } from './login-limiter';

/**
 * TRUST_PROXY (docs/operations.md, "Behind a reverse proxy"): `true` trusted every X-Forwarded-For entry, so a client chose its
 * own address for the sign-in limit (100 parallel guesses with invented addresses gave 50 password
 * checks) and could name a victim's address to lock the victim out. Now it takes a hop count or the
 * proxies' addresses; the address the limit counts is the one the trusted proxy saw.
 */
const EMAIL = 'beheer@example.com';
const PASSWORD = 'Correct-horse-9';
const NGINX = '127.0.0.1';
const { pair } = LOGIN_LIMITS;

function signIn(ctx: TTestContext, password: string, forwardedFor: string, remoteAddress = NGINX) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth',
    headers: { authorization: basicAuth(EMAIL, password), 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
}

describe.each([
  ['1', 'a hop count'],
  ['127.0.0.1', 'the proxy address'],
  ['10.0.0.0/8, 127.0.0.0/8', 'proxy CIDRs'],
])('TRUST_PROXY=%s (%s) behind one nginx', (value) => {
  const ctx = useTestContext({ trustProxy: loadConfig({ TRUST_PROXY: value }).TRUST_PROXY });
  beforeEach(async () => {
    await ctx.createUser({ email: EMAIL, password: PASSWORD, administrator: true });
  });

  it('counts guesses with invented X-Forwarded-For addresses under the address nginx saw', async () => {
    // nginx appends the address it saw ($proxy_add_x_forwarded_for) to what the client sent.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < pair.max + 5; attempt++) {
      statuses.push((await signIn(ctx, 'Wrong-password-1', `10.9.${attempt}.1, 203.0.113.7`)).statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(pair.max);
    expect(statuses.slice(pair.max)).toEqual(Array(5).fill(429));
  });

  it("naming a victim's address does not lock the victim out", async () => {
    for (let attempt = 0; attempt < pair.max + 2; attempt++) await signIn(ctx, 'Wrong-password-1', '198.51.100.1, 203.0.113.66');
    expect((await signIn(ctx, PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a list: a request that does not come from a listed proxy', () => {
  const ctx = useTestContext({ trustProxy: loadConfig({ TRUST_PROXY: '10.1.1.1' }).TRUST_PROXY });
  beforeEach(async () => {
    await ctx.createUser({ email: EMAIL, password: PASSWORD, administrator: true });
  });

  it('is counted under its own address, whatever X-Forwarded-For it sends', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < pair.max + 2; attempt++) {
      statuses.push((await signIn(ctx, 'Wrong-password-1', `10.9.${attempt}.1`, '203.0.113.20')).statusCode);
    }
    expect(statuses.slice(pair.max)).toEqual([429, 429]);
  });
});
