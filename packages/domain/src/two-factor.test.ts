import { describe, expect, it } from 'vitest';
import {
  acceptedSteps,
  isFreshStep,
  normalizeRecoveryCode,
  normalizeTotpCode,
  RECOVERY_ALPHABET,
  recoveryCodeFrom,
  timeStep,
  twoFactorRequired,
  ZSignInAnswer,
  ZTwoFactorSignIn,
} from './two-factor';

describe('two-factor rules (docs/users.md, "Two-factor sign-in")', () => {
  it.each([
    [0, 0],
    [29_999, 0],
    [30_000, 1],
    [59_999, 1],
    [1_795_990_020_000, 59_866_334],
  ])('the moment %i ms lies in step %i', (ms, step) => {
    expect(timeStep(ms)).toBe(step);
  });

  it.each([
    [60_000, [1, 2, 3]],
    [89_999, [1, 2, 3]],
    [90_000, [2, 3, 4]],
  ])('at %i ms the codes of steps %j are accepted', (ms, steps) => {
    expect(acceptedSteps(ms)).toEqual(steps);
  });

  it.each([
    [5, null, true],
    [5, 4, true],
    [5, 5, false],
    [5, 6, false],
  ])('step %i after last used %s is fresh: %s', (step, last, fresh) => {
    expect(isFreshStep(step, last)).toBe(fresh);
  });

  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['123-456', '123456'],
    ['12345', null],
    ['1234567', null],
    ['12345a', null],
    ['', null],
  ])('the typed code %j is %j', (typed, code) => {
    expect(normalizeTotpCode(typed)).toBe(code);
  });

  it.each([
    ['ABCDE-FGHJK', 'ABCDEFGHJK'],
    ['abcde fghjk', 'ABCDEFGHJK'],
    ['ABCDEFGHJK', 'ABCDEFGHJK'],
    ['ABCDE-FGHJ', null],
    ['ABCDE-FGHJI', null],
    ['ABCDE-FGHJ0', null],
  ])('the typed recovery code %j is %j', (typed, code) => {
    expect(normalizeRecoveryCode(typed)).toBe(code);
  });

  it('makes recovery codes of ten characters without look-alikes, in two groups', () => {
    const code = recoveryCodeFrom(Uint8Array.from([0, 1, 2, 30, 31, 62, 255, 100, 200, 7]));
    expect(code).toMatch(/^[^-]{5}-[^-]{5}$/);
    expect([...code.replace('-', '')].every((character) => RECOVERY_ALPHABET.includes(character))).toBe(true);
    expect(normalizeRecoveryCode(code)).toBe(code.replace('-', ''));
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(RECOVERY_ALPHABET).not.toContain(lookAlike);
    expect(() => recoveryCodeFrom(new Uint8Array(9))).toThrow();
  });

  it.each([
    [{ administrator: false, customersRequiring: 0 }, false, false],
    [{ administrator: true, customersRequiring: 0 }, false, false],
    [{ administrator: true, customersRequiring: 0 }, true, true],
    [{ administrator: false, customersRequiring: 0 }, true, false],
    [{ administrator: false, customersRequiring: 1 }, false, true],
    [{ administrator: false, customersRequiring: 2 }, true, true],
  ])('%j with administrators required %s must use it: %s', (user, administrators, required) => {
    expect(twoFactorRequired(user, { administrators })).toBe(required);
  });

  it('the second step takes a code or a recovery code, not both and not neither', () => {
    expect(ZTwoFactorSignIn.safeParse({ challenge: 'c', code: '123456' }).success).toBe(true);
    expect(ZTwoFactorSignIn.safeParse({ challenge: 'c', recoveryCode: 'ABCDE-FGHJK' }).success).toBe(true);
    expect(ZTwoFactorSignIn.safeParse({ challenge: 'c', code: '123456', recoveryCode: 'ABCDE-FGHJK' }).success).toBe(false);
    expect(ZTwoFactorSignIn.safeParse({ challenge: 'c' }).success).toBe(false);
    expect(ZSignInAnswer.parse({ token: 't' })).toEqual({ token: 't' });
    expect(ZSignInAnswer.parse({ twoFactor: 'code', challenge: 'c', expiresAt: '2026-01-01T00:00:00.000Z' })).toMatchObject({ twoFactor: 'code' });
  });
});
