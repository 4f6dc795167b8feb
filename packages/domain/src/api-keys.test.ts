import { describe, expect, it } from 'vitest';
import {
  API_KEY_MAX_DAYS,
  apiKeyDayRange,
  apiKeyExpiryProblem,
  apiKeyFormExpiryProblem,
  toApiKeyCreateBody,
  apiKeyFromAuthorization,
  apiKeyState,
  isPeopleOnlyOperation,
  PEOPLE_ONLY_OPERATIONS,
  refusedApiKeyFlags,
  ZApiKeyCreate,
} from './api-keys';
import { OPERATIONS } from './rights/operations';

const now = new Date('2026-03-01T12:00:00Z');
const day = 24 * 3600 * 1000;

describe('API keys', () => {
  it.each([
    ['a minute ahead', new Date(now.getTime() + 60_000), null],
    ['exactly the maximum ahead', new Date(now.getTime() + API_KEY_MAX_DAYS * day), null],
    ['a second past the maximum', new Date(now.getTime() + API_KEY_MAX_DAYS * day + 1000), `validation.apiKeyExpiryTooFar?max=${API_KEY_MAX_DAYS}`],
    ['now', now, 'validation.apiKeyExpiryPast'],
    ['yesterday', new Date(now.getTime() - day), 'validation.apiKeyExpiryPast'],
    ['not a date', new Date('nonsense'), 'validation.apiKeyExpiryPast'],
  ])('expiry %s', (_label, expiresAt, expected) => {
    expect(apiKeyExpiryProblem(expiresAt, now)).toBe(expected);
  });

  it.each([
    [{}, []],
    [{ editNode: true, dashboard: true }, []],
    [{ userManagement: true }, ['userManagement']],
    [{ signLogbook: true, userManagement: true, editNode: true }, ['userManagement', 'signLogbook']],
    [{ administrator: true, userManagement: true }, []],
  ])('refused flags of %j', (flags, expected) => {
    expect(refusedApiKeyFlags(flags)).toEqual(expected);
  });

  it.each([
    [{ expiresAt: '2026-03-02T00:00:00Z', revokedAt: null }, 'active'],
    [{ expiresAt: '2026-03-01T12:00:00Z', revokedAt: null }, 'expired'],
    [{ expiresAt: '2026-03-02T00:00:00Z', revokedAt: '2026-02-01T00:00:00Z' }, 'revoked'],
    [{ expiresAt: '2026-02-02T00:00:00Z', revokedAt: '2026-02-01T00:00:00Z' }, 'revoked'],
  ] as const)('state of %j', (key, expected) => {
    expect(apiKeyState(key, now)).toBe(expected);
  });

  it.each([
    ['Bearer aqk_abc', 'aqk_abc'],
    ['bearer   aqk_abc  ', 'aqk_abc'],
    ['Bearer abc', null],
    ['Basic YTpi', null],
    ['aqk_abc', null],
    [undefined, null],
    [`Bearer aqk_${'x'.repeat(300)}`, null],
  ])('key from Authorization %s', (header, expected) => {
    expect(apiKeyFromAuthorization(header)).toBe(expected);
  });

  it('people-only operations are catalogued operations', () => {
    for (const name of PEOPLE_ONLY_OPERATIONS) expect(Object.hasOwn(OPERATIONS, name)).toBe(true);
    expect(isPeopleOnlyOperation('PostApiKey')).toBe(true);
    expect(isPeopleOnlyOperation('GetCustomers')).toBe(false);
  });

  it('a create body: name, expiry, customers and rights', () => {
    expect(ZApiKeyCreate.safeParse({ name: 'CAFM', expiresAt: '2026-06-01T00:00:00Z' }).success).toBe(true);
    const refused = ZApiKeyCreate.safeParse({ name: '', expiresAt: 'tomorrow', portal: { rights: { nonsense: true } } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['expiresAt', 'name', 'portal.rights']);
  });
});

describe('the create dialog', () => {
  const local = new Date(2026, 2, 1, 15, 30);
  it('offers tomorrow to the last day within the maximum, 90 days by default', () => {
    expect(apiKeyDayRange(local)).toEqual({ min: '2026-03-02', max: '2027-03-01', initial: '2026-05-30' });
  });
  it.each([
    ['2026-03-02', null],
    ['2027-03-01', null],
    ['2027-03-02', `validation.apiKeyExpiryTooFar?max=${API_KEY_MAX_DAYS}`],
    ['2026-02-28', 'validation.apiKeyExpiryPast'],
    ['2026-03-01', null],
  ])('the day %s', (expiresOn, expected) => {
    expect(apiKeyFormExpiryProblem({ expiresOn }, local)).toBe(expected);
  });
  it('sends the end of the chosen day', () => {
    const body = toApiKeyCreateBody({ name: ' CAFM ', expiresOn: '2026-04-30', customers: ['Acme'], rights: { dashboard: true } });
    expect(body).toEqual({ name: 'CAFM', expiresAt: new Date(2026, 3, 30, 23, 59, 59).toISOString(), customers: ['Acme'], portal: { rights: { dashboard: true } } });
  });
});
