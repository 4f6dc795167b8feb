import { describe, expect, it } from 'vitest';
import { resetLinkUrl, resetTokenFromHash, ZNewPasswordForm, ZPasswordResetConfirm } from './password-reset';

describe('the reset link', () => {
  it.each([
    ['https://portal.example.nl', 'abc_-1', 'https://portal.example.nl/reset-password#token=abc_-1'],
    ['https://portal.example.nl/', 'abc', 'https://portal.example.nl/reset-password#token=abc'],
    ['http://127.0.0.1:3100//', 'a+b', 'http://127.0.0.1:3100/reset-password#token=a%2Bb'],
  ])('%s with %s -> %s', (publicUrl, token, link) => {
    expect(resetLinkUrl(publicUrl, token)).toBe(link);
    expect(resetTokenFromHash(new URL(link).hash)).toBe(token);
  });

  it.each([
    ['', null],
    ['#', null],
    ['#token=', null],
    ['#other=1', null],
    ['#token=xyz&other=1', 'xyz'],
  ])('fragment %j -> %j', (hash, token) => {
    expect(resetTokenFromHash(hash)).toBe(token);
  });
});

describe('the new password', () => {
  it.each([
    [{ password: 'Lang-genoeg-12', repeat: 'Lang-genoeg-12' }, null],
    [{ password: 'Lang-genoeg-12', repeat: 'Lang-genoeg-13' }, { repeat: 'validation.passwordMismatch' }],
    [{ password: '', repeat: '' }, { password: 'validation.required' }],
    [{ password: 'kort', repeat: 'kort' }, { password: 'validation.password?min=8' }],
  ])('%j -> %j', (form, errors) => {
    const result = ZNewPasswordForm.safeParse(form);
    expect(result.success ? null : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual(errors);
  });

  it('a token longer than 200 characters is an invalid link, not a server error', () => {
    const result = ZPasswordResetConfirm.safeParse({ token: 'a'.repeat(201), password: 'Lang-genoeg-12' });
    expect(result.success ? null : result.error.issues[0]).toMatchObject({ path: ['token'], message: 'errors.resetLinkInvalid' });
  });
});
