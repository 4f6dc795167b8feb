import { describe, expect, it } from 'vitest';
import { ALARM_KINDS, type TAlarmKind } from './kinds';
import { alarmStepReason, opensAgainAtNewPlace, placeChangeCloseReason, samePlace, type TAlarmCloseReason, type TAlarmPlace } from './placement';

const HAL: TAlarmPlace = { customerId: 1, locationId: 10 };
const ZAAL: TAlarmPlace = { customerId: 1, locationId: 11 };
const ELDERS: TAlarmPlace = { customerId: 2, locationId: 20 };
const NOWHERE: TAlarmPlace = { customerId: null, locationId: null };

describe('placeChangeCloseReason: an active alarm closes when its node leaves the alarm\'s place', () => {
  it.each<[string, TAlarmPlace, TAlarmPlace, 'nodeMoved' | 'nodeRemoved' | null]>([
    ['same place', HAL, HAL, null],
    ['another location of the customer', HAL, ZAAL, 'nodeMoved'],
    ['another customer', HAL, ELDERS, 'nodeMoved'],
    ['removed (unassigned)', HAL, NOWHERE, 'nodeRemoved'],
    ['a customer without location (never stored, taken as removed)', HAL, { customerId: 1, locationId: null }, 'nodeRemoved'],
    ['an alarm left open under no place, node registered', NOWHERE, HAL, 'nodeMoved'],
    ['an alarm left open under no place, node still unassigned', NOWHERE, NOWHERE, null],
  ])('%s -> %s', (_, alarm, node, reason) => {
    expect(placeChangeCloseReason(alarm, node)).toBe(reason);
    expect(samePlace(alarm, node)).toBe(reason === null);
  });
});

describe('opensAgainAtNewPlace: the node\'s own conditions move with it, the water\'s do not', () => {
  const expected: Record<TAlarmKind, boolean> = {
    lowBattery: true,
    faultySensor: true,
    settingsNotTaken: true,
    offline: true,
    temperature: false,
    flushAlarm: false,
    waterDetection: false,
    gatewayOffline: false,
    legionella: false,
    checkDeviation: false,
    checkOverdue: false,
    samplingOverdue: false,
  };
  it.each(ALARM_KINDS.map((kind) => [kind, expected[kind]] as const))('%s moved to another place -> opens again at once: %s', (kind, opens) => {
    expect(opensAgainAtNewPlace(kind, ELDERS)).toBe(opens);
  });
  it('a battery swapped in the same request ends the low battery; the other kinds still open again', () => {
    expect(opensAgainAtNewPlace('lowBattery', ELDERS, true)).toBe(false);
    expect(opensAgainAtNewPlace('faultySensor', ELDERS, true)).toBe(true);
  });
  it.each(ALARM_KINDS)('%s of a removed node never opens again (an unassigned node gets no alarm)', (kind) => {
    expect(opensAgainAtNewPlace(kind, NOWHERE)).toBe(false);
  });
});

describe('alarmStepReason: the reason of a step from its details, old and new shape', () => {
  it.each<[unknown, TAlarmCloseReason | null]>([
    [{ reason: 'batterySwap' }, 'batterySwap'],
    [{ batterySwap: true }, 'batterySwap'],
    [{ batterySwap: false }, null],
    [{ reason: 'gatewayDeleted' }, 'gatewayDeleted'],
    [{ reason: 'nodeMoved' }, 'nodeMoved'],
    [{ reason: 'nodeRemoved' }, 'nodeRemoved'],
    [{ reason: 'nodeMoved', voltage: 3.0, threshold: 3.1 }, 'nodeMoved'],
    [{ reason: 'somethingElse' }, null],
    [{ reason: 7 }, null],
    [{ voltage: 3.0 }, null],
    [{}, null],
    [null, null],
    [undefined, null],
    ['nodeMoved', null],
  ])('%j -> %s', (details, reason) => expect(alarmStepReason(details)).toBe(reason));
});
