import { ERROR } from '@aquasmart/domain';
import { ApiError } from '../../lib/api-error';
import type { TDb } from '../../db/client';
import { findUser } from '../users/user-repository';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { issueToken } from './token-repository';
import { clearEmailFailures, isLoginBlocked, loginSubjects, recordLoginFailure } from './login-limiter';

export interface TCredentials {
  email: string;
  password: string;
}

/** `Authorization: Basic base64(email:password)`; the password may itself contain colons. */
export function parseBasicCredentials(header: string | undefined): TCredentials | null | 'malformed' {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return 'malformed';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  return { email: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1) };
}

export async function signIn(db: TDb, credentials: TCredentials, clientAddress: string, ttlSeconds: number): Promise<string> {
  if (!credentials.email || !credentials.password) {
    throw ApiError.badRequest('E-mail address and password are required', {
      ...(credentials.email ? {} : { email: 'validation.required' }),
      ...(credentials.password ? {} : { password: 'validation.required' }),
    });
  }
  const subjects = loginSubjects(credentials.email, clientAddress);
  if (await isLoginBlocked(db, subjects)) {
    throw new ApiError(429, ERROR.tooManyAttempts, 'Too many failed sign-in attempts; try again later');
  }
  const user = await findUser(db, { email: credentials.email });
  const valid = user ? await verifyPassword(credentials.password, user.passwordHash) : await verifyAgainstDummy(credentials.password);
  if (!user || !valid) {
    await recordLoginFailure(db, subjects);
    throw ApiError.unauthorized('Invalid e-mail address or password', ERROR.invalidCredentials);
  }
  await clearEmailFailures(db, subjects);
  return issueToken(db, user.id, ttlSeconds);
}
