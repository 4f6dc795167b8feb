import { sql } from 'drizzle-orm';
import {
  DAY_MS,
  FLUSH_MESSAGE_ID,
  HOUR_MS,
  MULTI_YEAR_CALIBRATION_MS,
  YEARLY_CALIBRATION_MS,
  batteryAlarmMs,
  bucketIndex,
  calibrationCount,
  flushAlarmMs,
  isOffline,
  isTemperatureChannelActive,
  nodeFunctions,
  weeklyFlushCount,
  type TDashboard,
  type TDashboardListName,
  type TNodeParameter,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { deviceChannels, deviceData, deviceParameters, devices, overflowLogs } from '../../db/schema';
import { insertCustomer, insertLocation } from '../../test/places-fixtures';

/**
 * A fleet built for the dashboard tests (dashboard.test.ts): one node per bucket boundary (a minute
 * either side), and a reference model that computes every count and list from the same
 * description with the domain's pure rules. Times are relative to `now`.
 */
export const MINUTE = 60_000;

export interface TFleetChannel {
  value: number | null;
  ageMs?: number;
  mode?: string;
}

export interface TFleetNode {
  eui: string;
  name: string;
  customer: 'Acme' | 'Beta';
  location: string;
  type: 'V1' | 'V2' | 'V3';
  loraAgeMs: number | null;
  interval: 1 | 2 | 3;
  calibrationAgeMs: number | null;
  batteryAlarmAgeMs?: number;
  flushAlarmAgeMs?: number;
  sync: -1 | 0 | 1;
  pendingAgeMs?: number;
  incorrect?: boolean;
  channels: TFleetChannel[];
  parameters: (TNodeParameter & { status?: string })[];
  flushAgesMs?: number[];
  overflows?: { ageMs: number; state: 'Started' | 'Stopped' }[];
}

const YEAR = YEARLY_CALIBRATION_MS;
const TWO_YEARS = MULTI_YEAR_CALIBRATION_MS;

let serial = 0;
function node(partial: Partial<TFleetNode> & { name: string }): TFleetNode {
  serial += 1;
  const type = partial.type ?? 'V2';
  const channelCount = { V1: 1, V2: 3, V3: 2 }[type];
  return {
    eui: `70B3D5499B${String(serial).padStart(6, '0')}`,
    customer: 'Acme',
    location: 'Hal',
    type,
    loraAgeMs: HOUR_MS,
    interval: 2,
    calibrationAgeMs: 100 * DAY_MS,
    sync: 1,
    channels: Array.from({ length: channelCount }, () => ({ value: 20, ageMs: HOUR_MS, mode: 'KW' })),
    parameters: [],
    ...partial,
  };
}

const V2_INPUTS = (modes: string[]) => ({ register: 2, value: { inputs: modes.map((mode) => ({ mode })) } });
const FLUSH_ON = { register: 3, value: { enabled: 1 } };
const FLUSH_OFF = { register: 3, value: { enabled: 0 } };

export function buildFleet(): TFleetNode[] {
  serial = 0;
  const fleet: TFleetNode[] = [];
  // Offline: each in a location of its own, so that its location is offline with it.
  const offlineAges: [string, number | null][] = [
    ['6h-1m', 6 * HOUR_MS - MINUTE],
    ['6h+1m', 6 * HOUR_MS + MINUTE],
    ['24h-1m', 24 * HOUR_MS - MINUTE],
    ['24h+1m', 24 * HOUR_MS + MINUTE],
    ['48h-1m', 48 * HOUR_MS - MINUTE],
    ['48h+1m', 48 * HOUR_MS + MINUTE],
    ['7d-1m', 7 * DAY_MS - MINUTE],
    ['7d+1m', 7 * DAY_MS + MINUTE],
    ['30d-1m', 30 * DAY_MS - MINUTE],
    ['30d+1m', 30 * DAY_MS + MINUTE],
    ['never', null],
  ];
  for (const [label, age] of offlineAges) fleet.push(node({ name: `Offline ${label}`, location: `Stil ${label}`, loraAgeMs: age }));
  // A location with one offline and one online node is not offline.
  fleet.push(node({ name: 'Half silent', location: 'Half', loraAgeMs: 100 * HOUR_MS }), node({ name: 'Half awake', location: 'Half' }));

  // Calibration per interval: never, a minute inside the window, a minute past it.
  for (const interval of [1, 2, 3] as const) {
    const window = interval === 1 ? YEAR : TWO_YEARS;
    fleet.push(
      node({ name: `Calibration ${interval} never`, interval, calibrationAgeMs: null }),
      node({ name: `Calibration ${interval} inside`, interval, calibrationAgeMs: window - MINUTE }),
      node({ name: `Calibration ${interval} past`, interval, calibrationAgeMs: window + MINUTE }),
    );
  }

  // Battery alarms (seconds) and flush alarms (milliseconds) around their bounds.
  for (const age of [7 * DAY_MS - MINUTE, 7 * DAY_MS + MINUTE, 30 * DAY_MS - MINUTE, 30 * DAY_MS + MINUTE]) {
    fleet.push(node({ name: `Battery ${Math.round(age / MINUTE)}m`, type: 'V1', batteryAlarmAgeMs: age }));
  }
  for (const age of [24 * HOUR_MS - MINUTE, 24 * HOUR_MS + MINUTE, 5 * DAY_MS - MINUTE, 5 * DAY_MS + MINUTE]) {
    fleet.push(node({ name: `Flush alarm ${Math.round(age / MINUTE)}m`, type: 'V1', flushAlarmAgeMs: age }));
  }

  // Settings waiting for the node since ...
  for (const age of [24 * HOUR_MS - MINUTE, 24 * HOUR_MS + MINUTE, 5 * DAY_MS - MINUTE, 5 * DAY_MS + MINUTE]) {
    fleet.push(
      node({ name: `Pending ${Math.round(age / MINUTE)}m`, sync: 0, pendingAgeMs: age, parameters: [V2_INPUTS(['actual', 'actual', 'actual']), { ...FLUSH_ON, status: 'pending' }] }),
    );
  }
  fleet.push(node({ name: 'Incorrect one', incorrect: true }), node({ name: 'Incorrect two', customer: 'Beta', location: 'Elders', incorrect: true }));

  // Faulty sensors: the newest faulty active channel's time decides the bucket.
  const faulty = (ageMs: number, value = -102.4): TFleetChannel => ({ value, ageMs, mode: 'WW' });
  fleet.push(
    node({ name: 'Faulty 7d-1m', channels: [{ value: 20, ageMs: HOUR_MS }, faulty(40 * DAY_MS), faulty(7 * DAY_MS - MINUTE)] }),
    node({ name: 'Faulty 7d+1m', channels: [faulty(7 * DAY_MS + MINUTE), { value: 20 }, { value: 20 }] }),
    node({ name: 'Faulty 30d-1m', type: 'V3', channels: [faulty(30 * DAY_MS - MINUTE, -100), { value: 18 }] }),
    node({ name: 'Faulty 30d+1m', type: 'V1', channels: [faulty(30 * DAY_MS + MINUTE)] }),
    // Not faulty: the broken channel's input is switched off; a reading just above -100.
    node({ name: 'Inactive broken', channels: [{ value: 20 }, { value: 20 }, faulty(HOUR_MS)], parameters: [V2_INPUTS(['actual', 'actual', 'disabled'])] }),
    node({ name: 'Nearly broken', channels: [{ value: -99.9 }, { value: 20 }, { value: 20 }] }),
    node({ name: 'Faulty Beta', customer: 'Beta', location: 'Elders', channels: [faulty(2 * DAY_MS), { value: 20 }, { value: 20 }] }),
  );

  // Flushers, loggers and flushes per week (the last 7 days).
  const flushes = (n: number) => Array.from({ length: n }, (_unused, index) => HOUR_MS * (index + 1));
  fleet.push(
    node({ name: 'Flush once', type: 'V1', parameters: [{ register: 2, value: { mode: 'actual' } }, FLUSH_ON], flushAgesMs: [7 * DAY_MS - MINUTE, 7 * DAY_MS + MINUTE] }),
    node({ name: 'Flush twice', parameters: [V2_INPUTS(['actual', 'actual', 'actual']), FLUSH_ON], flushAgesMs: flushes(2) }),
    node({ name: 'Flush seven', parameters: [V2_INPUTS(['actual', 'disabled', 'actual']), FLUSH_ON], flushAgesMs: flushes(7) }),
    node({ name: 'Flush eight', parameters: [V2_INPUTS(['actual', 'actual', 'actual']), { register: 3, value: { enabled: '1' } }], flushAgesMs: flushes(8) }),
    node({ name: 'Flush old', parameters: [V2_INPUTS(['actual', 'actual', 'actual']), FLUSH_OFF], flushAgesMs: [8 * DAY_MS] }),
    node({ name: 'V3 never flushes', type: 'V3', parameters: [{ register: 1, value: { inputs: [{ mode: 'actual' }, { mode: 'actual' }] } }, FLUSH_ON] }),
    node({ name: 'Flush Beta', customer: 'Beta', location: 'Elders', parameters: [V2_INPUTS(['actual', 'actual', 'actual']), FLUSH_ON], flushAgesMs: flushes(3) }),
  );

  // Channel modes.
  fleet.push(node({ name: 'Modes', channels: [{ value: 55, mode: 'WW' }, { value: 30, mode: 'Meng/uittap' }, { value: 12, mode: 'KW' }] }));

  // Overflow detections: the device counts once, by its newest active detection.
  fleet.push(
    node({ name: 'Overflow 12h-1m', overflows: [{ ageMs: 12 * HOUR_MS - MINUTE, state: 'Started' }, { ageMs: 30 * DAY_MS, state: 'Stopped' }] }),
    node({ name: 'Overflow 12h+1m', overflows: [{ ageMs: 12 * HOUR_MS + MINUTE, state: 'Started' }, { ageMs: 3 * DAY_MS, state: 'Started' }] }),
    node({ name: 'Overflow 24h-1m', overflows: [{ ageMs: 24 * HOUR_MS - MINUTE, state: 'Started' }] }),
    node({ name: 'Overflow 24h+1m', overflows: [{ ageMs: 24 * HOUR_MS + MINUTE, state: 'Started' }] }),
    node({ name: 'Overflow ended', overflows: [{ ageMs: HOUR_MS, state: 'Stopped' }] }),
    node({ name: 'Overflow Beta', customer: 'Beta', location: 'Elders', overflows: [{ ageMs: HOUR_MS, state: 'Started' }] }),
  );
  return fleet;
}

/** Writes the fleet (customers Acme and Beta and every location) straight into the database. */
export async function insertFleet(db: TDb, fleet: TFleetNode[], now: number): Promise<{ customers: Record<string, number> }> {
  const customers: Record<string, number> = { Acme: await insertCustomer(db, 'Acme'), Beta: await insertCustomer(db, 'Beta') };
  const locations = new Map<string, number>();
  for (const item of fleet) {
    const key = `${item.customer}/${item.location}`;
    if (!locations.has(key)) locations.set(key, await insertLocation(db, customers[item.customer], item.location));
  }
  const ago = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(now - ms));
  for (const item of fleet) {
    await db.insert(devices).values({
      eui: item.eui,
      name: item.name,
      type: item.type,
      customerId: customers[item.customer],
      locationId: locations.get(`${item.customer}/${item.location}`)!,
      loraState: 'Started',
      loraTs: ago(item.loraAgeMs),
      calibrationInterval: item.interval,
      calibrationTs: ago(item.calibrationAgeMs),
      batteryAlarmTs: item.batteryAlarmAgeMs === undefined ? 0 : Math.floor((now - item.batteryAlarmAgeMs) / 1000),
      flushAlarmTs: item.flushAlarmAgeMs === undefined ? 0 : now - item.flushAlarmAgeMs,
      sync: item.sync,
      incorrectSettings: item.incorrect ?? false,
      signal: 4,
    });
    await db.insert(deviceChannels).values([
      ...item.channels.map((channel, index) => ({
        deviceEui: item.eui,
        channelId: `temperature${index + 1}`,
        name: `T${index + 1}`,
        type: 'Temperatuur',
        value: channel.value,
        ts: ago(channel.ageMs ?? HOUR_MS),
        custom: { mode: channel.mode ?? 'KW' },
      })),
      { deviceEui: item.eui, channelId: 'battery1', name: 'Batterij', type: 'Batterij', value: 3.3 },
    ]);
    if (item.parameters.length) {
      await db.insert(deviceParameters).values(
        item.parameters.map((parameter) => ({
          deviceEui: item.eui,
          register: parameter.register,
          value: parameter.value as object,
          status: parameter.status ?? 'saved',
          updatedAt: parameter.status === 'pending' ? ago(item.pendingAgeMs)! : ago(30 * DAY_MS)!,
        })),
      );
    }
    for (const age of item.flushAgesMs ?? []) {
      await db.insert(deviceData).values({ deviceEui: item.eui, ts: ago(age)!, msgId: FLUSH_MESSAGE_ID, value: { before: 20, after: 40, channel: 1 } });
    }
    for (const log of item.overflows ?? []) {
      await db.insert(overflowLogs).values({
        deviceEui: item.eui,
        customerId: customers[item.customer],
        locationId: locations.get(`${item.customer}/${item.location}`)!,
        resistance: 200,
        ts: ago(log.ageMs)!,
        state: log.state,
      });
    }
  }
  // A reading of another message type is no flush.
  await db.execute(sql`INSERT INTO device_data (device_eui, ts, msg_id, value) SELECT eui, now(), 42, '{}'::jsonb FROM devices`);
  return { customers };
}

const count3 = (): [number, number, number] => [0, 0, 0];
const keyed = <K extends string>(keys: readonly K[], values: number[]) => Object.fromEntries(keys.map((key, index) => [key, values[index]])) as Record<K, number>;

function activeFaultyAges(item: TFleetNode): number[] {
  const functions = nodeFunctions(item.type, item.parameters);
  return item.channels.flatMap((channel, index) =>
    channel.value !== null && channel.value <= -100 && isTemperatureChannelActive(functions, `temperature${index + 1}`) ? [channel.ageMs ?? HOUR_MS] : [],
  );
}

const weekly = (item: TFleetNode) => (item.flushAgesMs ?? []).filter((age) => age <= 7 * DAY_MS).length;
const startedAges = (item: TFleetNode) => (item.overflows ?? []).filter((log) => log.state === 'Started').map((log) => log.ageMs);

/** The dashboard the reference model expects for these nodes. */
export function expectedDashboard(fleet: TFleetNode[], now: number, withCalibration = true): TDashboard {
  const sensors = count3();
  const errors = count3();
  const battery = count3();
  const flushAlarm = count3();
  const sync = count3();
  const overflow = count3();
  const perWeek = [0, 0, 0];
  const modes = { KW: 0, WW: 0, 'Meng/uittap': 0 } as Record<string, number>;
  const calibration = [1, 2, 3].map((interval) => ({ interval, uncalibrated: 0, outOfDate: 0, calibrated: 0 }));
  const newestPerLocation = new Map<string, number | null>();
  let flushers = 0;
  for (const item of fleet) {
    const lora = item.loraAgeMs === null ? null : now - item.loraAgeMs;
    if (isOffline(lora, now)) sensors[bucketIndex(lora === null ? null : now - lora, 'month')] += 1;
    const key = `${item.customer}/${item.location}`;
    const newest = newestPerLocation.get(key);
    if (!newestPerLocation.has(key) || (lora !== null && (newest === null || newest === undefined || lora > newest))) newestPerLocation.set(key, lora);
    const faultyAges = activeFaultyAges(item);
    if (faultyAges.length) errors[bucketIndex(Math.min(...faultyAges), 'month')] += 1;
    const batteryMs = batteryAlarmMs(item.batteryAlarmAgeMs === undefined ? 0 : Math.floor((now - item.batteryAlarmAgeMs) / 1000));
    if (batteryMs !== null) battery[bucketIndex(now - batteryMs, 'month')] += 1;
    const flushMs = flushAlarmMs(item.flushAlarmAgeMs === undefined ? 0 : now - item.flushAlarmAgeMs);
    if (flushMs !== null) flushAlarm[bucketIndex(now - flushMs, 'fiveDays')] += 1;
    if (item.sync === 0) sync[bucketIndex(item.pendingAgeMs ?? null, 'fiveDays')] += 1;
    const started = startedAges(item);
    if (started.length) overflow[bucketIndex(Math.min(...started), 'day')] += 1;
    const week = weeklyFlushCount(weekly(item));
    if (week) perWeek[['once', 'twoToSeven', 'moreThanSeven'].indexOf(week)] += 1;
    if (nodeFunctions(item.type, item.parameters).flush) flushers += 1;
    for (const channel of item.channels) modes[channel.mode ?? 'KW'] += 1;
    const state = calibrationCount(item.calibrationAgeMs === null ? null : now - item.calibrationAgeMs, item.interval, now);
    calibration[item.interval - 1][state] += 1;
  }
  const locations = count3();
  for (const newest of newestPerLocation.values()) {
    if (isOffline(newest ?? null, now)) locations[bucketIndex(newest === null || newest === undefined ? null : now - newest, 'twoDays')] += 1;
  }
  return {
    calibration: withCalibration ? calibration : [],
    sensors: keyed(['lastWeek', 'lastMonth', 'moreThanAMonth'], sensors),
    sensorErrors: keyed(['lastWeek', 'lastMonth', 'moreThanAMonth'], errors),
    batteryAlarm: keyed(['lastWeek', 'lastMonth', 'moreThanAMonth'], battery),
    locations: keyed(['lastDay', 'lastTwoDays', 'moreThanTwoDays'], locations),
    sync: keyed(['lastDay', 'lastFiveDays', 'moreThanFiveDays'], sync),
    flushAlarm: keyed(['lastDay', 'lastFiveDays', 'moreThanFiveDays'], flushAlarm),
    overflowAlarm: keyed(['lastHalfDay', 'lastDay', 'moreThanADay'], overflow),
    type: { logger: fleet.length - flushers, flush: flushers },
    flushesPerWeek: keyed(['once', 'twoToSeven', 'moreThanSeven'], perWeek),
    incorrectSettings: { incorrect: fleet.filter((item) => item.incorrect).length },
    kwWwMeng: { kw: modes.KW, ww: modes.WW, drain: modes['Meng/uittap'] },
  };
}

/** The names a list should hold, per the reference model (order not implied). */
export function expectedList(name: TDashboardListName, fleet: TFleetNode[], now: number): string[] {
  const due = (item: TFleetNode, interval: number) =>
    item.interval === interval && calibrationCount(item.calibrationAgeMs === null ? null : now - item.calibrationAgeMs, interval, now) !== 'calibrated';
  const pick = (predicate: (item: TFleetNode) => boolean) => fleet.filter(predicate).map((item) => item.name);
  switch (name) {
    case 'annualCalibrations':
      return pick((item) => due(item, 1));
    case 'biennialCalibrations':
      return pick((item) => due(item, 2));
    case 'triennialCalibrations':
      return pick((item) => due(item, 3));
    case 'faultySensors':
      return pick((item) => activeFaultyAges(item).length > 0);
    case 'flushAlarms':
      return pick((item) => item.flushAlarmAgeMs !== undefined);
    case 'lowBatteries':
      return pick((item) => item.batteryAlarmAgeMs !== undefined);
    case 'nodes':
      return pick(() => true);
    case 'offlineNodes':
      return pick((item) => isOffline(item.loraAgeMs === null ? null : now - item.loraAgeMs, now));
    case 'overflowDetections':
      return fleet.flatMap((item) => startedAges(item).map(() => item.name));
    case 'synchronizations':
      return pick((item) => item.sync === 0);
    case 'weeklyFlushes':
      return pick((item) => weekly(item) >= 1);
    case 'incorrectSettings':
      return pick((item) => item.incorrect === true);
  }
}
