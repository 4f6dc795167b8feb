import { checkDueState, type TCurrentUser, type TLocationCheckPlans, type TOutlet } from '@aquasmart/domain';
import { isConnectionFailure } from '../../lib/http/connection';
import { isHttpError } from '../../lib/http/http-error';
import { KeptAnswers, tokenHash } from '../../lib/offline-queue/kept-answers';
import { queryClient } from '../../lib/query-client';
import { currentUserQuery } from '../../lib/session/current-user';
import { getToken } from '../../lib/session/token-storage';

/**
 * The outlet pages kept on this device (docs/outlets.md, "Opening an outlet without a connection"):
 * the answers the check page needs (`GET /outlets/{id}` and the location's `…/check-plans`), kept
 * when the page or a location's outlets tab is read online, and shown when the connection fails.
 * The rules (per user, at most ten locations, seven days, forgotten at sign-out) are the generic
 * lib/offline-queue/kept-answers.ts.
 */

/** How many locations a user keeps: the last ten whose outlets were read. */
export const KEPT_LOCATIONS = 10;
/** How long a kept answer is shown: a week, then the page needs the connection again. */
export const KEPT_DAYS = 7;

export const keptOutlets = new KeptAnswers<TLocationCheckPlans, TOutlet, TCurrentUser>({ maxGroups: KEPT_LOCATIONS, maxAgeMs: KEPT_DAYS * 24 * 60 * 60_000 });

/** The page without a connection, for an outlet this device has not kept: it cannot open. */
export class OutletNotKeptError extends Error {
  constructor() {
    super('The outlet is not kept on this device');
    this.name = 'OutletNotKeptError';
  }
}

export interface TOutletPage {
  outlet: TOutlet;
  /** When the answer on show was kept; null when it came from the server now. */
  keptAt: string | null;
}

const groupOf = (customer: string, location: string) => JSON.stringify([customer, location]);
const signedInUser = () => queryClient.getQueryData(currentUserQuery.queryKey);

async function hashOfSession(): Promise<string | null> {
  const token = getToken();
  return token ? tokenHash(token) : null;
}

/** Keeps the outlets' answers of a location (the outlets tab's register and plans) for the signed-in user. */
export async function keepLocationOutlets(customer: string, location: string, outlets: readonly TOutlet[], plans: TLocationCheckPlans | undefined): Promise<void> {
  const user = signedInUser();
  if (!user) return;
  await keepUser(user);
  await keptOutlets.keep(user.email, groupOf(customer, location), { items: Object.fromEntries(outlets.map((outlet) => [String(outlet.id), outlet])), data: plans, replaceItems: true });
}

async function keepUser(user: TCurrentUser): Promise<void> {
  const hash = await hashOfSession();
  if (hash) await keptOutlets.keepSession(user.email, hash, user);
}

/**
 * The signed-in user without the server: the one in the query cache (the app was opened online),
 * else the one kept with this session's token, put into the cache so that the rights, the language
 * and the offline queue's owner are known (the shell's own read of it failed: it is cancelled first,
 * so its failure does not stand over the user found).
 */
async function userOffline(): Promise<TCurrentUser | null> {
  const user = signedInUser();
  if (user) return user;
  const hash = await hashOfSession();
  const kept = hash ? await keptOutlets.findSession(hash) : null;
  if (!kept) return null;
  await queryClient.cancelQueries({ queryKey: currentUserQuery.queryKey });
  queryClient.setQueryData(currentUserQuery.queryKey, kept.value);
  return kept.value;
}

/**
 * GET /outlets/{id} through the device: the server's answer is kept (for the signed-in user);
 * without a connection the kept answer is shown, with the due states worked out for today; a 404
 * or 403 forgets it; an outlet never kept is OutletNotKeptError, never an empty page.
 */
export async function outletPage(id: number, fetchOutlet: () => Promise<TOutlet>, today: string = localToday()): Promise<TOutletPage> {
  try {
    const outlet = await fetchOutlet();
    const user = signedInUser();
    if (user) void Promise.all([keepUser(user), keptOutlets.keep(user.email, groupOf(outlet.customer, outlet.location), { items: { [String(outlet.id)]: outlet } })]).catch(() => undefined);
    return { outlet, keptAt: null };
  } catch (error) {
    if (isHttpError(error) && (error.status === 404 || error.status === 403)) {
      const user = signedInUser();
      if (user) await keptOutlets.forget(user.email, String(id)).catch(() => undefined);
    }
    if (!isConnectionFailure(error)) throw error;
    const user = await userOffline().catch(() => null);
    const kept = user ? await keptOutlets.find(user.email, String(id)).catch(() => null) : null;
    if (!kept) throw new OutletNotKeptError();
    return { outlet: withStatesOn(kept.item.value, kept.data?.value ?? null, today), keptAt: kept.item.keptAt };
  }
}

/** The location's check plans through the device: kept when read, the kept ones without a connection. */
export async function checkPlans(customer: string, location: string, fetchPlans: () => Promise<TLocationCheckPlans>): Promise<TLocationCheckPlans> {
  try {
    const plans = await fetchPlans();
    const user = signedInUser();
    if (user) void keptOutlets.keep(user.email, groupOf(customer, location), { data: plans }).catch(() => undefined);
    return plans;
  } catch (error) {
    if (!isConnectionFailure(error)) throw error;
    const user = signedInUser();
    const kept = user ? await keptOutlets.findData(user.email, groupOf(customer, location)).catch(() => null) : null;
    if (!kept) throw error;
    return kept.value;
  }
}

/**
 * The kept due dates with their states for `today` (the domain's checkDueState with the location's
 * period from the kept plans): a check that was planned when kept may be due or overdue now.
 * Without the plans, a date passed is overdue and the rest stays as kept. The dates themselves are
 * as kept: checks recorded since (here or elsewhere) do not move them until the server answers.
 */
export function withStatesOn(outlet: TOutlet, plans: TLocationCheckPlans | null, today: string): TOutlet {
  return {
    ...outlet,
    checks: outlet.checks.map((due) => {
      const period = plans?.plans.find((plan) => plan.check === due.check)?.period;
      const state = period ? checkDueState(due.nextDue, period, today) : due.nextDue < today ? 'overdue' : due.state;
      return { ...due, state };
    }),
  };
}

/** Today on the phone's calendar: the engineer stands at the location. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
