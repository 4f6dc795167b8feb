import { describe, expect, it } from 'vitest';
import { isTimeZone, ZCustomerPatch, ZLocationCreate, ZLocationPatch } from './places';

describe('isTimeZone', () => {
  it.each([
    ['Europe/Amsterdam', true],
    ['Europe/London', true],
    ['America/New_York', true],
    ['UTC', true],
    ['Europe/Atlantis', false],
    ['', false],
    [' Europe/Amsterdam', false],
    ['Europe/Amsterdam ', false],
    ['+01:00x', false],
  ])('%j -> %s', (zone, expected) => {
    expect(isTimeZone(zone)).toBe(expected);
  });
});

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('logbook settings in the place schemas', () => {
  it.each([
    [{ rulebook: null }, {}],
    [{ rulebook: 'NL' }, {}],
    [{ rulebook: 'UK' }, {}],
    [{ rulebook: 'DE' }, {}],
    [{ rulebook: 'FR' }, { rulebook: 'validation.oneOf' }],
    [{ rulebook: '' }, { rulebook: 'validation.oneOf' }],
  ])('customer patch %j', (body, expected) => {
    expect(issues(ZCustomerPatch.safeParse(body))).toEqual(expected);
  });

  it.each([
    [{ healthcare: true, timeZone: 'Europe/Berlin' }, {}],
    [{ timeZone: 'Mars/Olympus' }, { timeZone: 'validation.timeZone' }],
    [{ timeZone: null }, { timeZone: 'validation.required' }],
    [{ healthcare: 'yes' }, { healthcare: 'validation.required' }],
  ])('location patch %j', (body, expected) => {
    expect(issues(ZLocationPatch.safeParse(body))).toEqual(expected);
  });

  it('a location create takes them too', () => {
    const base = { name: 'Hal', customer: 'Acme', reference: 'R', address: 'A', postalCode: 'P', city: 'C', country: 'NL' };
    expect(ZLocationCreate.safeParse({ ...base, rulebook: 'UK', healthcare: true, timeZone: 'Europe/London' }).success).toBe(true);
    expect(issues(ZLocationCreate.safeParse({ ...base, timeZone: 'Nowhere' }))).toEqual({ timeZone: 'validation.timeZone' });
  });
});
