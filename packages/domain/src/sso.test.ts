import { describe, expect, it } from 'vitest';
import { emailDomain, isAcceptableIssuer, passwordSignInRefused, SSO_ERROR, ssoEmail, ZSsoProviderInput } from './sso';

describe('isAcceptableIssuer', () => {
  it.each([
    ['https://login.microsoftonline.com/0000-1111/v2.0', true],
    ['https://idp.example.nl', true],
    ['http://127.0.0.1:4000', true],
    ['http://localhost:4000/oidc', true],
    ['http://idp.example.nl', false],
    ['https://idp.example.nl/?tenant=1', false],
    ['https://idp.example.nl/#x', false],
    ['https://user:pw@idp.example.nl', false],
    ['ftp://idp.example.nl', false],
    ['not a url', false],
  ])('%s -> %s', (issuer, expected) => expect(isAcceptableIssuer(issuer)).toBe(expected));
});

describe('ssoEmail', () => {
  const domains = ['gemeente.nl'];
  it.each([
    [{ email: 'a@gemeente.nl', email_verified: true }, { email: 'a@gemeente.nl' }],
    [{ email: 'A@Gemeente.NL', email_verified: true }, { email: 'A@Gemeente.NL' }],
    [{ email: 'a@gemeente.nl', xms_edov: true }, { email: 'a@gemeente.nl' }],
    [{ email: 'a@gemeente.nl', email_verified: false }, { refused: SSO_ERROR.unverified }],
    [{ email: 'a@gemeente.nl', email_verified: 'true' }, { refused: SSO_ERROR.unverified }],
    [{ email: 'a@gemeente.nl' }, { refused: SSO_ERROR.unverified }],
    [{ email_verified: true }, { refused: SSO_ERROR.unverified }],
    [{ email: '@gemeente.nl', email_verified: true }, { refused: SSO_ERROR.unverified }],
    [{ email: 'a@sub.gemeente.nl', email_verified: true }, { refused: SSO_ERROR.domain }],
    [{ email: 'a@gemeente.nl.evil.com', email_verified: true }, { refused: SSO_ERROR.domain }],
    [{ email: 'a@other.nl', email_verified: true }, { refused: SSO_ERROR.domain }],
  ])('%j -> %j', (claims, expected) => expect(ssoEmail(claims, domains)).toEqual(expected));

  it('emailDomain takes the part after the last @', () => {
    expect(emailDomain('"x@y"@Gemeente.nl')).toBe('gemeente.nl');
    expect(emailDomain('none')).toBe('');
  });
});

describe('ZSsoProviderInput', () => {
  const valid = { name: 'Gemeente', issuer: 'https://idp.example.nl/', clientId: 'portal', clientSecret: 's', domains: ['@Gemeente.NL'] };
  it('normalizes the issuer and the domains', () => {
    const parsed = ZSsoProviderInput.parse(valid);
    expect(parsed).toMatchObject({ issuer: 'https://idp.example.nl', domains: ['gemeente.nl'], enabled: true, createUsers: false, passwordSignIn: true, customers: [] });
  });
  it.each([
    [{ issuer: 'http://idp.example.nl' }, 'issuer', 'validation.ssoIssuer'],
    [{ domains: ['not a domain'] }, 'domains.0', 'validation.ssoDomain'],
    [{ domains: [] }, 'domains', 'validation.required'],
    [{ name: '' }, 'name', 'validation.required'],
    [{ clientId: ' ' }, 'clientId', 'validation.required'],
  ])('%j is refused on %s', (change, path, key) => {
    const result = ZSsoProviderInput.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((entry) => entry.path.join('.') === path);
    expect(issue?.message).toBe(key);
  });
});

describe('the provider form', () => {
  it('splits the domains and leaves an empty secret out (the stored one stays)', async () => {
    const { toSsoProviderBody, ZSsoProviderForm, ssoProviderFormValues } = await import('./sso');
    const values = ZSsoProviderForm.parse({ ...ssoProviderFormValues(null), name: 'G', issuer: 'https://idp.example.nl', clientId: 'c', domains: '@Gemeente.nl, ggd.nl\nggd.nl' });
    expect(toSsoProviderBody(values)).toMatchObject({ domains: ['gemeente.nl', 'ggd.nl'], passwordSignIn: true });
    expect(toSsoProviderBody({ ...values, passwordSignIn: false })).toMatchObject({ passwordSignIn: false });
    expect(toSsoProviderBody(values)).not.toHaveProperty('clientSecret');
    expect(ZSsoProviderForm.safeParse({ ...values, domains: 'gemeente.nl, geen_domein' }).error?.issues[0].message).toBe('validation.ssoDomain');
    expect(ZSsoProviderForm.safeParse({ ...values, domains: ' , ' }).error?.issues[0].message).toBe('validation.required');
  });
});

describe('passwordSignInRefused', () => {
  const only = { domains: ['gemeente.nl', 'ggd.nl'], enabled: true, passwordSignIn: false };
  it.each([
    ['an address of a domain whose provider signs in only', 'piet@gemeente.nl', false, [only], true],
    ['its domain in capitals', 'Piet@GGD.NL', false, [only], true],
    ['an administrator of that domain (the way in when the provider is down)', 'piet@gemeente.nl', true, [only], false],
    ['another domain', 'piet@gemeente.nl.example.com', false, [only], false],
    ['a subdomain (domains match exactly)', 'piet@afdeling.gemeente.nl', false, [only], false],
    ['the provider switched off', 'piet@gemeente.nl', false, [{ ...only, enabled: false }], false],
    ['password sign-in left on', 'piet@gemeente.nl', false, [{ ...only, passwordSignIn: true }], false],
    ['one of two providers of the domain signs in only', 'piet@gemeente.nl', false, [{ ...only, passwordSignIn: true }, only], true],
    ['no providers', 'piet@gemeente.nl', false, [], false],
    ['no domain at all', 'piet', false, [only], false],
  ])('%s', (_case, email, administrator, providers, refused) => {
    expect(passwordSignInRefused(email, administrator, providers)).toBe(refused);
  });
});
