import { describe, expect, it } from 'vitest';
import { simulatedClock } from './clock';
import { parseDuration, parseOptions, parseStart, UsageError } from './options';

const NOW = Date.UTC(2026, 10, 23, 12);

describe('command line', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['30', 30_000],
    ['15m', 900_000],
    ['1.5h', 5_400_000],
    ['2d', 172_800_000],
  ])('duration %s = %s ms', (text, ms) => expect(parseDuration(text, '--x')).toBe(ms));

  it.each(['', '15 minutes', '-5m', 'abc'])('duration "%s" is refused', (text) => expect(() => parseDuration(text, '--x')).toThrow(UsageError));

  it.each([
    ['now', NOW],
    ['-2d', NOW - 2 * 86_400_000],
    ['2026-11-20T00:00:00Z', Date.UTC(2026, 10, 20)],
  ])('start %s', (text, ms) => expect(parseStart(text, NOW)).toBe(ms));

  it('defaults: 20 synthetic nodes of all types, ChirpStack HTTP to port 3000, downlinks on 8090', () => {
    const options = parseOptions([], {}, NOW);
    expect(options).toMatchObject({ fleet: 'synthetic', nodes: 20, types: ['V1', 'V2', 'V3'], transport: 'chirpstack', target: 'http://127.0.0.1:3000', speed: 1, startMs: NOW });
    expect(options.listen).toBeUndefined();
    expect(options.intervalMs).toBeUndefined();
  });

  it('reads every option', () => {
    const options = parseOptions(
      ['--nodes', '500', '--types', 'v2,V3', '--interval', '1m', '--speed', '60', '--start=-1d', '--target', 'http://10.0.0.5:3000', '--secret', 's', '--transport', 'tts', '--listen', 'off', '--seed', '9'],
      {},
      NOW,
    );
    expect(options).toMatchObject({ nodes: 500, types: ['V2', 'V3'], intervalMs: 60_000, speed: 60, startMs: NOW - 86_400_000, target: 'http://10.0.0.5:3000', secret: 's', transport: 'tts', listen: 'off', seed: 9 });
  });

  it.each([
    [['--nodes', '0'], '--nodes'],
    [['--types', 'V4'], '--types'],
    [['--transport', 'lorawan'], '--transport'],
    [['--target', 'not a url'], '--target'],
    [['--fleet', 'db'], 'DATABASE_URL'],
    [['--interval', '500ms'], '--interval'],
    [['--bogus'], 'bogus'],
  ])('%j is refused naming %s', (argv, named) => {
    expect(() => parseOptions(argv, {}, NOW)).toThrow(named);
  });
});

describe('simulated clock', () => {
  it.each([
    ['real time', NOW, 1, false, 60_000, NOW + 60_000],
    ['sped up from the past, still behind', NOW - 86_400_000, 1000, false, 60_000, NOW - 86_400_000 + 60_000_000],
    ['sped up, caught up with the wall clock: real time', NOW - 3_600_000, 1000, false, 60_000, NOW + 60_000],
    ['sped up into the future when allowed', NOW, 60, true, 60_000, NOW + 3_600_000],
  ])('%s', (_name, startMs, speed, allowFuture, elapsed, expected) => {
    let wall = NOW;
    const clock = simulatedClock({ startMs, speed, allowFuture, wallNow: () => wall });
    wall += elapsed;
    expect(clock.now()).toBe(expected);
  });
});
