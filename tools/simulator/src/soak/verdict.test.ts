import { describe, expect, it } from 'vitest';
import { soakVerdict, type TSoakTotals } from './verdict';

const MB = 1024 * 1024;
const healthy: TSoakTotals = {
  rssAfterWarmup: [400 * MB, 410 * MB, 405 * MB],
  serverErrors: 0,
  noAnswer: 0,
  acceptedUplinks: 1000,
  storedUplinks: 1000,
  unprocessed: 0,
  failedEvents: 0,
};

describe('soakVerdict', () => {
  it.each<[string, Partial<TSoakTotals>, boolean, RegExp | null]>([
    ['a healthy run', {}, true, null],
    ['memory exactly 10 % up', { rssAfterWarmup: [400 * MB, 440 * MB] }, true, null],
    ['memory just over 10 % up', { rssAfterWarmup: [400 * MB, 440 * MB + 1] }, false, /memory grew 10\.0 %/],
    ['memory falling', { rssAfterWarmup: [400 * MB, 300 * MB] }, true, null],
    ['one high sample in the middle (a collection later than usual)', { rssAfterWarmup: [400 * MB, 500 * MB, 400 * MB] }, true, null],
    // 20 samples: the first two against the last two.
    ['a steady climb past 10 %', { rssAfterWarmup: Array.from({ length: 20 }, (_v, i) => (400 + i * 3) * MB) }, false, /memory grew 1[34]\.\d %/],
    ['the first tenth averaged: a low first sample alone does not fail', { rssAfterWarmup: [360 * MB, 440 * MB, ...Array(16).fill(420 * MB), 430 * MB, 430 * MB] }, true, null],
    ['no sample after the warm-up', { rssAfterWarmup: [] }, false, /no memory sample/],
    ['one 5xx', { serverErrors: 1 }, false, /1 answers with a 5xx/],
    ['a request without an answer', { noAnswer: 1 }, false, /no answer/],
    ['one uplink lost', { storedUplinks: 999 }, false, /1 accepted uplinks are not stored/],
    ['one uplink stored twice', { storedUplinks: 1001 }, false, /1 more uplinks stored/],
    ['one left unprocessed', { unprocessed: 1 }, false, /unprocessed/],
    ['one failed', { failedEvents: 1 }, false, /failed processing/],
  ])('%s', (_name, change, ok, reason) => {
    const verdict = soakVerdict({ ...healthy, ...change });
    expect(verdict.ok).toBe(ok);
    if (reason) expect(verdict.reasons.join('; ')).toMatch(reason);
    else expect(verdict.reasons).toEqual([]);
  });

  it('measures the last tenth against the first tenth after the warm-up', () => {
    expect(soakVerdict({ ...healthy, rssAfterWarmup: [200 * MB, 260 * MB, 210 * MB] }).memoryGrowth).toBeCloseTo(0.05);
  });
});
