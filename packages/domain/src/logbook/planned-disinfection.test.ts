import { describe, expect, it } from 'vitest';
import { detectedNotPlanned, plannedDisinfectionIssues, ZPlannedDisinfectionBody } from './planned-disinfection';

const FROM = '2026-10-14T08:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(FROM) + ms).toISOString();
const M = 60_000;
const H = 60 * M;

/** The message keys per field of a body, {} when it parses. */
function issues(body: unknown): Record<string, string> {
  const parsed = ZPlannedDisinfectionBody.safeParse(body);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('a planned disinfection: its window', () => {
  it.each([
    ['20 minutes', at(20 * M), {}],
    ['a second', at(1000), {}],
    ['24 hours exactly', at(24 * H), {}],
    ['24 hours and a second', at(24 * H + 1000), { to: 'validation.disinfectionTooLong?hours=24' }],
    ['no time at all (the end is the start)', FROM, { to: 'validation.disinfectionEndBeforeStart' }],
    ['an end before the start', at(-M), { to: 'validation.disinfectionEndBeforeStart' }],
  ])('%s: %o', (_name, to, expected) => {
    expect(issues({ from: FROM, to })).toEqual(expected);
  });

  it('takes local times with their offset, and a note (trimmed, optional, at most 2000 characters)', () => {
    expect(ZPlannedDisinfectionBody.parse({ from: '2026-10-14T10:00:00+02:00', to: '2026-10-14T10:20:00+02:00' })).toEqual({ from: '2026-10-14T10:00:00+02:00', to: '2026-10-14T10:20:00+02:00', note: '' });
    expect(ZPlannedDisinfectionBody.parse({ from: FROM, to: at(20 * M), note: '  Boiler op 70 °C, alle tappunten 5 min open  ' }).note).toBe('Boiler op 70 °C, alle tappunten 5 min open');
    expect(issues({ from: FROM, to: at(20 * M), note: 'x'.repeat(2000) })).toEqual({});
    expect(issues({ from: FROM, to: at(20 * M), note: 'x'.repeat(2001) })).toEqual({ note: 'validation.tooLong?max=2000' });
  });

  it('a moment without an offset, or none, is not a time', () => {
    expect(issues({ from: '2026-10-14T08:00', to: at(20 * M) })).toEqual({ from: 'validation.dateTime' });
    expect(issues({ from: FROM })).toEqual({ to: 'validation.dateTime' });
  });
});

describe('a planned disinfection: not in the future', () => {
  const now = new Date(at(H));
  it.each([
    ['ended an hour ago', at(0), {}],
    ['ends now', at(H), {}],
    ['ends 5 minutes ahead (clocks differ)', at(H + 5 * M), {}],
    ['ends 5 minutes and a second ahead', at(H + 5 * M + 1000), { to: 'validation.disinfectionInFuture' }],
  ])('%s: %o', (_name, to, expected) => {
    expect(plannedDisinfectionIssues({ to }, now)).toEqual(expected);
  });
});

describe('a detected disinfection that overlaps a planned one is not listed twice', () => {
  const planned = [{ from: 10 * H, to: 10 * H + 20 * M }];
  it.each([
    ['around it', { from: 9 * H, to: 13 * H }, false],
    ['touching its start', { from: 8 * H, to: 10 * H }, false],
    ['touching its end', { from: 10 * H + 20 * M, to: 14 * H }, false],
    ['a millisecond before it', { from: 8 * H, to: 10 * H - 1 }, true],
    ['a millisecond after it', { from: 10 * H + 20 * M + 1, to: 14 * H }, true],
  ])('%s: listed %s', (_name, window, listed) => {
    expect(detectedNotPlanned([window], planned)).toEqual(listed ? [window] : []);
  });
});
