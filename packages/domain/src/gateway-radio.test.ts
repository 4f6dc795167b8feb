import { describe, expect, it } from 'vitest';
import { DEFAULT_GATEWAY_OFFLINE_AFTER_MS, gatewayMacOf, isGatewayOffline } from './gateway-radio';

describe('gatewayMacOf', () => {
  it.each([
    ['7076ff0056000001', '7076ff0056000001'],
    ['7076FF0056000001', '7076ff0056000001'],
    ['eui-7076ff0056000001', '7076ff0056000001'],
    ['EUI-7076FF0056000001', '7076ff0056000001'],
    ['70:76:ff:00:56:00:00:01', '7076ff0056000001'],
    ['70-76-FF-00-56-00-00-01', '7076ff0056000001'],
    [' 7076ff0056000001 ', '7076ff0056000001'],
    ['gw-kelder', null],
    ['7076ff00560000', null],
    ['7076ff005600000100', null],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (id, mac) => {
    expect(gatewayMacOf(id)).toBe(mac);
  });
});

describe('isGatewayOffline (2 hours)', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const hours = (count: number) => now - count * 3_600_000;
  it.each([
    ['heard 1 h ago', { lastSeenMs: hours(1), watchedSinceMs: hours(100) }, false],
    ['heard exactly 2 h ago', { lastSeenMs: hours(2), watchedSinceMs: hours(100) }, false],
    ['heard 2 h and 1 ms ago', { lastSeenMs: hours(2) - 1, watchedSinceMs: hours(100) }, true],
    ['heard 1 minute within the bound', { lastSeenMs: hours(2) + 60_000, watchedSinceMs: hours(100) }, false],
    ['never heard, registered 1 h ago', { lastSeenMs: null, watchedSinceMs: hours(1) }, false],
    ['never heard, registered exactly 2 h ago', { lastSeenMs: null, watchedSinceMs: hours(2) }, false],
    ['never heard, registered 3 h ago', { lastSeenMs: null, watchedSinceMs: hours(3) }, true],
    ['heard 3 h ago, MAC changed 1 h ago', { lastSeenMs: null, watchedSinceMs: hours(1) }, false],
  ])('%s -> offline %s', (_case, gateway, offline) => {
    expect(isGatewayOffline(gateway, now)).toBe(offline);
    expect(isGatewayOffline(gateway, now, DEFAULT_GATEWAY_OFFLINE_AFTER_MS)).toBe(offline);
  });

  it('a shorter setting', () => {
    expect(isGatewayOffline({ lastSeenMs: hours(1), watchedSinceMs: hours(9) }, now, 30 * 60_000)).toBe(true);
  });
});
