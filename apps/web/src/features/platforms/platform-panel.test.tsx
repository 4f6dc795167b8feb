import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPlatformState, TPlatformTestResult } from '@aquasmart/domain';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { jsonResponse, renderRoutes } from '../../test/render';
import { testUser } from '../../test/users';
import { PlatformPanel } from './platform-panel';

/** The delivery state of a place's platform (docs/platforms.md, "State"). */

const ADMIN = testUser(['administrator'], { email: 'admin@example.com' });
const PARKED: TPlatformState = {
  state: 'parked',
  platform: 'XIC',
  url: 'https://xic.example/hook',
  via: null,
  problem: null,
  lastDeliveredAt: null,
  lastAttemptAt: new Date().toISOString(),
  nextAttemptAt: null,
  attempts: 1,
  delivered: 0,
  backlog: 12,
  waitingSince: new Date(Date.now() - 600_000).toISOString(),
  dropped: 0,
  lastStatus: 401,
  lastError: null,
  lastAnswer: 'invalid token',
  batchSeconds: 60,
};
const TEST_ANSWER: TPlatformTestResult = { ok: true, status: 202, error: null, problem: null, answer: 'queued', durationMs: 31 };

function stub(state: TPlatformState, testAnswer: TPlatformTestResult = TEST_ANSWER) {
  const posts: string[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/v1/users/current') return jsonResponse(200, ADMIN);
    if (method === 'POST') posts.push(url);
    if (url === '/api/v1/customers/Acme%20BV/platform/test' && method === 'POST') return jsonResponse(200, testAnswer);
    if (url === '/api/v1/customers/Acme%20BV/platform/retry' && method === 'POST') return jsonResponse(200, { ...state, state: 'retrying' });
    if (url === '/api/v1/customers/Acme%20BV/platform') return jsonResponse(200, state);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
  });
  return posts;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

function render() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  renderRoutes([{ path: '/customers/:customer', element: <PlatformPanel customer="Acme BV" /> }], '/customers/Acme%20BV');
}

describe('the platform panel', () => {
  it('a stopped endpoint shows its status, the answer, the backlog and "retry now"', async () => {
    const posts = stub(PARKED);
    render();
    expect(await screen.findByText('Stilgezet')).toBeTruthy();
    expect(screen.getByText('Laatste fout: HTTP-status 401')).toBeTruthy();
    expect(screen.getByText('invalid token')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('De levering wordt nu opnieuw geprobeerd')).toBeTruthy();
    expect(posts).toEqual(['/api/v1/customers/Acme%20BV/platform/retry']);
  });

  it('a test delivery shows what the receiver answered', async () => {
    stub({ ...PARKED, state: 'delivering', backlog: 0, lastStatus: 200, lastAnswer: null, lastDeliveredAt: new Date().toISOString(), delivered: 40 });
    render();
    expect(await screen.findByText('Levert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Testlevering' }));
    expect(await screen.findByText('Aangekomen: HTTP-status 202 in 31 ms')).toBeTruthy();
    expect(screen.getByText('queued')).toBeTruthy();
  });

  it('no platform: says how to set one, no buttons', async () => {
    stub({ ...PARKED, state: 'none', platform: null, url: null, lastStatus: null, lastAnswer: null, backlog: 0 });
    render();
    expect(await screen.findByText(/Er is geen extern platform ingesteld/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Testlevering' })).toBeNull();
  });

  // Issue 37, item 5: a platform without an address showed "Levert" in green, 0 delivered, a next try in the past.
  it('a platform that cannot deliver as set up says "Niet ingesteld" and why, and the test delivery answers in Dutch', async () => {
    const unset: TPlatformState = {
      ...PARKED,
      state: 'delivering',
      platform: 'LegionellaDossier',
      url: null,
      problem: 'legionellaDossierUrl',
      nextAttemptAt: new Date(Date.now() - 1_800_000).toISOString(),
      backlog: 0,
      waitingSince: null,
      lastStatus: null,
      lastAnswer: null,
    };
    const error = 'LEGIONELLADOSSIER_URL is not configured';
    stub(unset, { ok: false, status: null, error, problem: 'legionellaDossierUrl', answer: null, durationMs: 0 });
    render();
    expect((await screen.findAllByText('Niet ingesteld')).length).toBe(2);
    expect(screen.queryByText('Levert')).toBeNull();
    expect(screen.getByText(/Het adres van LegionellaDossier is niet ingesteld op de server/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Testlevering' }));
    expect(await screen.findByText('Niet aangekomen')).toBeTruthy();
    expect(screen.getAllByText(/Het adres van LegionellaDossier is niet ingesteld op de server/)).toHaveLength(2);
    expect(screen.queryByText(error)).toBeNull();
  });

  it.each([
    ['never delivered, nothing waiting', { state: 'delivering', backlog: 0, lastStatus: null, lastAnswer: null }, 'Wacht op eerste levering', 'Niets te versturen'],
    ['failing: since the oldest waiting item, the next try', { state: 'retrying', lastStatus: 503, nextAttemptAt: new Date(Date.now() + 120_000).toISOString() }, /^Mislukt sinds /, /\d/],
  ] as const)('%s', async (_case, changes, label, next) => {
    stub({ ...PARKED, ...changes });
    render();
    expect(await screen.findByText(label)).toBeTruthy();
    expect(screen.getByText('Volgende levering').nextSibling?.textContent).toMatch(next);
  });
});
