import { describe, expect, it } from 'vitest';
import { platformDisplay, type TPlatformDisplay } from './platform-display';
import { platformProblemOf, PLATFORM_PROBLEM_ERRORS } from './platform-problems';
import type { TPlatformState } from './api';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const EARLIER = '2026-11-28T11:30:00.000Z';
const LATER = '2026-11-28T12:00:30.000Z';

/** An XIC endpoint with an address and a token that has never sent anything. */
const FRESH = {
  state: 'delivering',
  platform: 'XIC',
  problem: null,
  nextAttemptAt: EARLIER,
  backlog: 0,
  delivered: 0,
  lastDeliveredAt: null,
  waitingSince: null,
} as const satisfies Parameters<typeof platformDisplay>[0];

describe('platformDisplay', () => {
  it.each<[string, Partial<TPlatformState>, TPlatformDisplay]>([
    ['no platform of its own', { state: 'none', platform: null }, { kind: 'none' }],
    ['a platform but no endpoint row yet', { state: 'none' }, { kind: 'none' }],
    // The case: "Levert" in green with no address, 0 delivered and a next attempt in the past.
    ['LegionellaDossier without LEGIONELLADOSSIER_URL', { platform: 'LegionellaDossier', problem: 'legionellaDossierUrl' }, { kind: 'notConfigured', problem: 'legionellaDossierUrl' }],
    ['a problem wins over a stopped endpoint', { state: 'parked', problem: 'noToken' }, { kind: 'notConfigured', problem: 'noToken' }],
    ['a problem wins over earlier deliveries', { delivered: 5, lastDeliveredAt: EARLIER, problem: 'noUrl' }, { kind: 'notConfigured', problem: 'noUrl' }],
    ['set up, nothing delivered, nothing waiting', {}, { kind: 'waiting', next: null }],
    ['nothing delivered, one item due in the past', { backlog: 1 }, { kind: 'waiting', next: 'now' }],
    ['nothing delivered, one item due exactly now', { backlog: 1, nextAttemptAt: NOW.toISOString() }, { kind: 'waiting', next: 'now' }],
    ['nothing delivered, one item due later', { backlog: 1, nextAttemptAt: LATER }, { kind: 'waiting', next: { at: LATER } }],
    ['delivered once (counter)', { delivered: 1 }, { kind: 'delivering', next: null }],
    ['delivered before (time, counter reset)', { lastDeliveredAt: EARLIER }, { kind: 'delivering', next: null }],
    ['delivering with a backlog due later', { delivered: 3, backlog: 2, nextAttemptAt: LATER }, { kind: 'delivering', next: { at: LATER } }],
    ['retrying', { state: 'retrying', backlog: 4, waitingSince: EARLIER, nextAttemptAt: LATER }, { kind: 'failing', since: EARLIER, next: { at: LATER } }],
    ['retrying, due', { state: 'retrying', backlog: 4, waitingSince: EARLIER }, { kind: 'failing', since: EARLIER, next: 'now' }],
    ['stopped by the receiver', { state: 'parked', backlog: 4, nextAttemptAt: null }, { kind: 'stopped' }],
  ])('%s', (_case, changes, expected) => {
    expect(platformDisplay({ ...FRESH, ...changes }, NOW)).toEqual(expected);
  });
});

describe('platformProblemOf', () => {
  it.each([
    ['LEGIONELLADOSSIER_URL is not configured', 'legionellaDossierUrl'],
    ['no token configured', 'noToken'],
    ['no URL configured', 'noUrl'],
    ['no platform configured', 'noPlatform'],
    ['connect ECONNREFUSED 127.0.0.1:9', null],
    [null, null],
  ] as const)('%s -> %s', (error, problem) => {
    expect(platformProblemOf(error)).toBe(problem);
  });

  it('knows each error text once', () => {
    const texts = Object.values(PLATFORM_PROBLEM_ERRORS);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
