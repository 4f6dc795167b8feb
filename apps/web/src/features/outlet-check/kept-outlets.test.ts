import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCurrentUser, TLocationCheckPlans, TOutlet } from '@aquasmart/domain';
import { HttpError } from '../../lib/http/http-error';
import { forgetKeptAnswers } from '../../lib/offline-queue/kept-answers';
import { queryClient } from '../../lib/query-client';
import { currentUserQuery } from '../../lib/session/current-user';
import { clearToken, setToken } from '../../lib/session/token-storage';
import { checkPlans, keepLocationOutlets, localToday, OutletNotKeptError, outletPage, withStatesOn } from './kept-outlets';

/** The location's plans as kept: the sentinel temperature monthly (a week's window before its date). */
const PLANS: TLocationCheckPlans = {
  customer: 'Gemeente Utrecht',
  location: 'Sporthal Zuid',
  rulebook: 'NL',
  healthcare: false,
  plans: [
    { check: 'sentinelTemperature', on: true, period: { unit: 'months', count: 1 }, periodSource: 'rulebook', rulebookPeriod: { unit: 'months', count: 1 }, reading: true, runningSeconds: { hot: 60, cold: 120 }, source: 'HSG274', borrowed: true, outlets: 2 },
  ],
};
const ANN = { email: 'ann@x.nl', language: 'nl' } as TCurrentUser;
const BOB = { email: 'bob@x.nl', language: 'nl' } as TCurrentUser;
const OUTLET: TOutlet = {
  id: 7,
  customer: PLANS.customer,
  location: PLANS.location,
  name: 'Douche 1',
  room: 'Kleedkamer',
  floor: null,
  kind: 'shower',
  water: 'hot',
  sentinel: 'furthest',
  littleUsed: false,
  eui: null,
  channelId: null,
  samplePointId: null,
  flushedByNode: false,
  createdAt: '2026-11-01T10:00:00Z',
  checks: [
    { check: 'sentinelTemperature', lastDone: '2026-11-10', nextDue: '2026-12-10', state: 'planned' },
    { check: 'showerheadDescaling', lastDone: null, nextDue: '2026-11-01', state: 'overdue' },
  ],
};
const offline = () => Promise.reject(new HttpError(0, 'GET', '/api/v1/outlets/7', null));
const refused = (status: number) => () => Promise.reject(new HttpError(status, 'GET', '/api/v1/outlets/7', null));
/** Waits for the keeping that a page read starts without waiting for it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function signInAs(user: TCurrentUser, token: string) {
  setToken(token);
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

beforeEach(() => signInAs(ANN, 'token-ann'));
afterEach(async () => {
  queryClient.clear();
  clearToken();
  await forgetKeptAnswers();
});

describe('an outlet page kept on the device', () => {
  it('online: the server\'s answer, kept; offline: the kept answer with its time', async () => {
    expect(await outletPage(7, async () => OUTLET, '2026-11-29')).toEqual({ outlet: OUTLET, keptAt: null });
    await settle();
    const kept = await outletPage(7, offline, '2026-11-29');
    expect(kept.outlet.name).toBe('Douche 1');
    expect(Date.parse(kept.keptAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('offline after a reload: the user kept with this session\'s token is put back, then the outlet shows', async () => {
    await keepLocationOutlets(OUTLET.customer, OUTLET.location, [OUTLET], PLANS);
    queryClient.clear();
    const page = await outletPage(7, offline, '2026-11-29');
    expect(page.outlet.id).toBe(7);
    expect(queryClient.getQueryData(currentUserQuery.queryKey)).toEqual(ANN);
    // The plans of the location come from the device too.
    expect(await checkPlans(OUTLET.customer, OUTLET.location, offline)).toEqual(PLANS);
  });

  it('another session (another token, another user) finds nothing', async () => {
    await keepLocationOutlets(OUTLET.customer, OUTLET.location, [OUTLET], PLANS);
    queryClient.clear();
    setToken('token-bob');
    await expect(outletPage(7, offline)).rejects.toBeInstanceOf(OutletNotKeptError);
    expect(queryClient.getQueryData(currentUserQuery.queryKey)).toBeUndefined();
    signInAs(BOB, 'token-bob');
    await expect(outletPage(7, offline)).rejects.toBeInstanceOf(OutletNotKeptError);
  });

  it('an outlet never opened on this device cannot open offline: an error, never an empty page', async () => {
    await keepLocationOutlets(OUTLET.customer, OUTLET.location, [OUTLET], PLANS);
    await expect(outletPage(8, offline)).rejects.toBeInstanceOf(OutletNotKeptError);
  });

  it('a 404 or 403 online forgets the kept outlet; another failure is the server\'s', async () => {
    for (const status of [404, 403]) {
      await keepLocationOutlets(OUTLET.customer, OUTLET.location, [OUTLET], PLANS);
      await expect(outletPage(7, refused(status))).rejects.toMatchObject({ status });
      await expect(outletPage(7, offline)).rejects.toBeInstanceOf(OutletNotKeptError);
    }
    await keepLocationOutlets(OUTLET.customer, OUTLET.location, [OUTLET], PLANS);
    await expect(outletPage(7, refused(500))).rejects.toMatchObject({ status: 500 });
    expect((await outletPage(7, offline)).outlet.id).toBe(7);
  });

  it('the sign-out forgets the kept outlets', async () => {
    await keepLocationOutlets(OUTLET.customer, OUTLET.location, [OUTLET], PLANS);
    await forgetKeptAnswers();
    await expect(outletPage(7, offline)).rejects.toBeInstanceOf(OutletNotKeptError);
  });
});

describe('the due states of a kept outlet, worked out for today', () => {
  it('with the plans: planned becomes due in the week before its date, overdue after it', () => {
    const states = (today: string) => withStatesOn(OUTLET, PLANS, today).checks.map((due) => due.state);
    expect(states('2026-12-02')).toEqual(['planned', 'overdue']);
    expect(states('2026-12-03')).toEqual(['due', 'overdue']);
    expect(states('2026-12-10')).toEqual(['due', 'overdue']);
    expect(states('2026-12-11')).toEqual(['overdue', 'overdue']);
  });

  it('without the plans: a date passed is overdue, the rest as kept', () => {
    expect(withStatesOn(OUTLET, null, '2026-12-05').checks.map((due) => due.state)).toEqual(['planned', 'overdue']);
    expect(withStatesOn(OUTLET, null, '2026-12-11').checks.map((due) => due.state)).toEqual(['overdue', 'overdue']);
  });

  it('today is the phone\'s calendar date', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
