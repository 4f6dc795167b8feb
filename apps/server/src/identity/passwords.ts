import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt parameters: N=2^15, r=8, p=1 (about 50-100 ms and 32 MiB per hash). */
const PRODUCTION_PARAMS = { N: 32768, r: 8, p: 1 } as const;
/**
 * The test runs' parameters: N=2^10 (about 4 ms a hash). Sign-ins were a seventh of the server tests'
 * CPU (docs/testing.md, "Fourth step"); the hash names its N, so a test still proves every step of
 * the real check. Only where the test runner asks for it (vitest.config.ts, scripts/e2e-server.mjs)
 * and never with NODE_ENV=production.
 */
const TEST_PARAMS = { N: 1024, r: 8, p: 1 } as const;
export const TEST_HASHING_VARIABLE = 'AQUASMART_TEST_PASSWORD_HASHING';

/** The parameters new hashes get: the production ones unless a test run asked for cheap ones. */
export function scryptParameters(env: NodeJS.ProcessEnv = process.env): typeof PRODUCTION_PARAMS | typeof TEST_PARAMS {
  return env[TEST_HASHING_VARIABLE] === 'cheap' && env.NODE_ENV !== 'production' ? TEST_PARAMS : PRODUCTION_PARAMS;
}
const PARAMS = scryptParameters();
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 128 * options.N! * options.r! * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` with base64 salt and hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await derive(password, Buffer.from(saltText, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown e-mail addresses cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(password, await dummyHash);
  return false;
}
