import { describe, expect, it } from 'vitest';
import { hashPassword, scryptParameters, TEST_HASHING_VARIABLE, verifyPassword } from './passwords';

describe('password hashing', () => {
  it.each([
    ['no variable', {}, 32768],
    ['the test runner asks for cheap hashes', { [TEST_HASHING_VARIABLE]: 'cheap' }, 1024],
    ['cheap asked for in production: refused', { [TEST_HASHING_VARIABLE]: 'cheap', NODE_ENV: 'production' }, 32768],
    ['another value', { [TEST_HASHING_VARIABLE]: 'yes' }, 32768],
  ])('%s: N=%i', (_, env, n) => {
    expect(scryptParameters(env as NodeJS.ProcessEnv)).toEqual({ N: n, r: 8, p: 1 });
  });

  it('a hash names its parameters, so one made with the production N verifies in a test run and a wrong password does not', async () => {
    const production = 'scrypt$32768$8$1$c2FsdC1vZi0xNi1ieXRlcw==$';
    expect(await verifyPassword('x', production)).toBe(false);
    const stored = await hashPassword('Welkom-2026');
    expect(stored).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(await verifyPassword('Welkom-2026', stored)).toBe(true);
    expect(await verifyPassword('Welkom-2027', stored)).toBe(false);
  });
});
