import { expect, type APIRequestContext } from './portal';

/**
 * The outlets the check specs make through the API (the demo has none): at one location of the
 * demo, a hot sentinel shower with a name of its own per run. Used by outlet-check.spec.ts and
 * outlet-offline.spec.ts.
 */
export const CUSTOMER = 'Sportfondsen Oost';
export const LOCATION = 'Sportcentrum Deventer';
export const PLACE = `/api/v1/customers/${encodeURIComponent(CUSTOMER)}/locations/${encodeURIComponent(LOCATION)}`;

export interface TCheck {
  id: number;
  celsius: number | null;
  verdict: string | null;
  photo: { type: string; size: number; url: string } | null;
}

/** A new outlet named `name` and a random suffix, in `room` on `floor`. */
export async function addOutlet(request: APIRequestContext, token: string, name: string, where = { room: 'Kleedkamer 2', floor: 'Begane grond' }): Promise<{ id: number; name: string }> {
  const answer = await request.post(`${PLACE}/outlets`, {
    headers: { 'x-access-token': token },
    data: { name: `${name} ${Math.random().toString(36).slice(2, 7)}`, ...where, kind: 'shower', water: 'hot', sentinel: 'furthest' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: number; name: string };
}

/** The checks the server holds for an outlet. */
export async function checksOf(request: APIRequestContext, token: string, outletId: number): Promise<TCheck[]> {
  const answer = await request.get(`${PLACE}/checks`, { headers: { 'x-access-token': token }, params: { outletId: String(outletId) } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as TCheck[];
}
