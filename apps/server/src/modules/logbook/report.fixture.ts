import { createHash } from 'node:crypto';
import type { TLogbookLocationSection, TLogbookReport } from '@aquasmart/domain';

/**
 * Hand-built logbook reports for the renderers' tests (report-pdf.test.ts, report-csv.test.ts):
 * October 2026 in Amsterdam (the clocks go back on the 25th, so the month has 745 hours) at a
 * care home with two nodes. The shower's hot water (WW) has a gap, an excursion and a failed
 * flush; its cold water (KW) is compliant; the kitchen's node has too few readings and a name with
 * a semicolon. Enough flush weeks and changes that their tables run onto a second page. Test code
 * only: production code never imports it.
 */

const SHOWER = { eui: 'A84041000181C5D1', nodeName: 'Douche 2.14 (Ëlla)' };
const KITCHEN = { eui: 'A84041000181C7E3', nodeName: 'Keuken; 1e verdieping' };
const NL_RULEBOOK = {
  id: 'NL',
  source: 'customer',
  hot: { kind: 'atLeast', celsius: 60 },
  cold: { kind: 'atMost', celsius: 25 },
  healthcare: false,
  flushEveryHours: 168,
  retentionYears: 3,
} as const;

const WEEKS = ['2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26'];

function flushWeeks(): TLogbookLocationSection['flushWeeks'] {
  const channels = [
    { ...SHOWER, channelId: 'temperature1', channelName: 'Temperatuur 1 (WW)' },
    { ...SHOWER, channelId: 'temperature2', channelName: 'Temperatuur 2 (KW)' },
    { ...KITCHEN, channelId: 'temperature1', channelName: 'Temperatuur 1 (WW)' },
    { ...KITCHEN, channelId: 'temperature2', channelName: 'Temperatuur 2' },
  ];
  return channels.flatMap((channel, index) =>
    WEEKS.map((week, weekIndex) => {
      const failed = index === 0 && weekIndex === 3 ? 1 : 0;
      const flushes = index === 2 && weekIndex === 2 ? 0 : 1;
      return { ...channel, week, flushes, proved: flushes - failed, failed, required: 1 };
    }),
  );
}

/** Settings sent and confirmed a few times a week: a plausible month of a busy installer. */
function changes(): TLogbookLocationSection['changes'] {
  const rows: TLogbookLocationSection['changes'] = [
    { at: '2026-10-02T08:14:00.000Z', ...SHOWER, kind: 'batterySwap', user: 'J. de Vries', details: 'Batterij 3,02 V → 3,61 V' },
    { at: '2026-10-07T09:12:31.000Z', ...SHOWER, kind: 'calibration', user: 'J. de Vries', details: 'Temperatuur 1: afwijking 0,0 → +0,4 °C' },
    { at: '2026-10-15T13:40:00.000Z', ...KITCHEN, kind: 'move', user: 'A. Öztürk', details: 'Van Keuken begane grond naar Keuken; 1e verdieping' },
  ];
  for (let day = 1; day <= 31; day += 2) {
    const at = `2026-10-${String(day).padStart(2, '0')}T07:30:00.000Z`;
    const confirmed = `2026-10-${String(day).padStart(2, '0')}T07:46:00.000Z`;
    const settings = [day % 4 === 1 ? { setting: 'logInterval', from: 15, to: 10 } : { setting: 'logInterval', from: 10, to: 15 }];
    rows.push({ at, ...KITCHEN, kind: 'settings', user: 'A. Öztürk', details: '', settings });
    rows.push({ at: confirmed, ...KITCHEN, kind: 'settingsConfirmed', user: null, details: '', settings });
  }
  return rows.sort((a, b) => a.at.localeCompare(b.at));
}

export const careHomeSection: TLogbookLocationSection = {
  location: {
    id: 12,
    name: 'Zorgcentrum De Meerhoeve',
    address: 'Kerkstraat 12',
    postalCode: '3811 CV',
    city: 'Amersfoort',
    country: 'Nederland',
    timeZone: 'Europe/Amsterdam',
  },
  rulebook: NL_RULEBOOK,
  verdict: 'deviations',
  nodes: 2,
  channels: [
    {
      ...SHOWER,
      channelId: 'temperature1',
      channelName: 'Temperatuur 1 (WW)',
      mode: 'WW',
      limit: { kind: 'atLeast', celsius: 60 },
      readings: 2890,
      expectedReadings: 2980,
      coverage: 2890 / 2980,
      faultyReadings: 0,
      gaps: [{ from: '2026-10-12T03:15:00.000Z', to: '2026-10-12T22:00:00.000Z', hours: 18.75 }],
      min: 48.2,
      mean: 61.44,
      max: 66.8,
      withinLimitShare: 0.962,
      readingsOutsideLimit: 110,
      growthRangeHours: 7.5,
      longestExcursion: { from: '2026-10-19T05:00:00.000Z', to: '2026-10-19T09:30:00.000Z', hours: 4.5 },
      // The second: 02:30 summer time to 02:30 winter time on the 25th, the night the clocks go back.
      excursions: [
        { from: '2026-10-19T05:00:00.000Z', to: '2026-10-19T09:30:00.000Z', hours: 4.5, durationClass: 'underTwoDays' },
        { from: '2026-10-25T00:30:00.000Z', to: '2026-10-25T01:30:00.000Z', hours: 1, durationClass: 'underTwoDays' },
      ],
      hoursThere: 745,
      flushDuty: true,
      flushes: 5,
      flushesProved: 4,
      flushesFailed: 1,
      missedFlushes: [],
      verdict: 'deviations',
    },
    {
      ...SHOWER,
      channelId: 'temperature2',
      channelName: 'Temperatuur 2 (KW)',
      mode: 'KW',
      limit: { kind: 'atMost', celsius: 25 },
      readings: 2890,
      expectedReadings: 2980,
      coverage: 2890 / 2980,
      faultyReadings: 0,
      gaps: [{ from: '2026-10-12T03:15:00.000Z', to: '2026-10-12T22:00:00.000Z', hours: 18.75 }],
      min: 12.1,
      mean: 16.83,
      max: 23.9,
      withinLimitShare: 1,
      readingsOutsideLimit: 0,
      growthRangeHours: 0,
      longestExcursion: null,
      excursions: [],
      hoursThere: 745,
      flushDuty: true,
      flushes: 5,
      flushesProved: 5,
      flushesFailed: 0,
      missedFlushes: [],
      verdict: 'compliant',
    },
    {
      ...KITCHEN,
      channelId: 'temperature1',
      channelName: 'Temperatuur 1 (WW)',
      mode: 'WW',
      limit: { kind: 'atLeast', celsius: 60 },
      readings: 2116,
      expectedReadings: 2980,
      coverage: 2116 / 2980,
      faultyReadings: 12,
      gaps: [
        { from: '2026-10-03T11:00:00.000Z', to: '2026-10-04T09:45:00.000Z', hours: 22.75 },
        { from: '2026-10-20T16:30:00.000Z', to: '2026-10-26T08:00:00.000Z', hours: 136.5 },
      ],
      min: 55.3,
      mean: 62.07,
      max: 68.1,
      withinLimitShare: 0.981,
      readingsOutsideLimit: 40,
      growthRangeHours: 0,
      longestExcursion: { from: '2026-10-09T06:15:00.000Z', to: '2026-10-09T07:00:00.000Z', hours: 0.75 },
      excursions: [{ from: '2026-10-09T06:15:00.000Z', to: '2026-10-09T07:00:00.000Z', hours: 0.75, durationClass: 'underTwoDays' }],
      hoursThere: 745,
      flushDuty: true,
      flushes: 4,
      flushesProved: 4,
      flushesFailed: 0,
      missedFlushes: [{ from: '2026-10-09T06:00:00.000Z', to: '2026-10-20T07:00:00.000Z', hours: 265 }],
      verdict: 'insufficientData',
    },
    {
      ...KITCHEN,
      channelId: 'temperature2',
      channelName: 'Temperatuur 2',
      mode: 'Meng/uittap',
      limit: null,
      readings: 2116,
      expectedReadings: 2980,
      coverage: 2116 / 2980,
      faultyReadings: 0,
      gaps: [],
      min: 31.5,
      mean: 38.2,
      max: 42.9,
      withinLimitShare: null,
      readingsOutsideLimit: 0,
      growthRangeHours: 512.25,
      longestExcursion: null,
      excursions: [],
      hoursThere: 745,
      flushDuty: true,
      flushes: 5,
      flushesProved: 0,
      flushesFailed: 0,
      missedFlushes: [],
      verdict: 'insufficientData',
    },
  ],
  flushWeeks: flushWeeks(),
  failedFlushes: [{ ...SHOWER, channelId: 'temperature1', at: '2026-10-19T05:00:00.000Z', before: 38.4, after: 52.7 }],
  alarms: [
    {
      kind: 'offline',
      ...SHOWER,
      channelId: null,
      from: '2026-10-12T03:15:00.000Z',
      to: '2026-10-12T22:00:00.000Z',
      hours: 18.75,
      handling: {
        acknowledgedBy: 'planner@example.com',
        acknowledgedAt: '2026-10-12T06:02:00.000Z',
        resolvedBy: 'monteur@example.com',
        resolvedAt: '2026-10-13T07:40:00.000Z',
        note: 'Perlator gereinigd, gateway herstart',
      },
    },
    {
      kind: 'flushAlarm',
      ...SHOWER,
      channelId: 'temperature1',
      from: '2026-10-19T05:00:00.000Z',
      to: '2026-10-19T09:30:00.000Z',
      hours: 4.5,
      handling: { acknowledgedBy: 'monteur@example.com', acknowledgedAt: '2026-10-19T06:15:00.000Z', resolvedBy: null, resolvedAt: null, note: null },
    },
    { kind: 'temperature', ...SHOWER, channelId: 'temperature1', from: '2026-10-19T06:00:00.000Z', to: '2026-10-19T09:30:00.000Z', hours: 3.5, handling: null },
    { kind: 'faultySensor', ...KITCHEN, channelId: 'temperature1', from: '2026-10-30T14:10:00.000Z', to: null, hours: null, handling: null },
  ],
  calibrationStatus: [
    { ...SHOWER, channelId: 'temperature1', channelName: 'Temperatuur 1 (WW)', lastCalibrated: '2026-10-07T09:12:31.000Z', intervalYears: 1, due: '2027-10-07', overdue: false },
    { ...SHOWER, channelId: 'temperature2', channelName: 'Temperatuur 2 (KW)', lastCalibrated: '2025-11-14T10:02:00.000Z', intervalYears: 1, due: '2026-11-14', overdue: false },
    { ...KITCHEN, channelId: 'temperature1', channelName: 'Temperatuur 1 (WW)', lastCalibrated: '2024-06-03T12:00:00.000Z', intervalYears: 2, due: '2026-06-03', overdue: true },
    { ...KITCHEN, channelId: 'temperature2', channelName: 'Temperatuur 2', lastCalibrated: null, intervalYears: 2, due: null, overdue: true },
  ],
  calibrations: [{ at: '2026-10-07T09:12:31.000Z', ...SHOWER, channelId: 'temperature1', reference: 60, measured: 59.6, offset: 0.4, user: 'J. de Vries' }],
  changes: changes(),
};

/** A quiet location: compliant, nothing happened, so its alarm, calibration and change sections are empty. */
export const officeSection: TLogbookLocationSection = {
  location: {
    id: 13,
    name: 'Kantoor Stationsplein',
    address: 'Stationsplein 1',
    postalCode: '3818 LE',
    city: 'Amersfoort',
    country: 'Nederland',
    timeZone: 'Europe/Amsterdam',
  },
  rulebook: { ...NL_RULEBOOK, source: 'location' },
  verdict: 'compliant',
  nodes: 1,
  channels: [
    {
      eui: 'A84041000181D001',
      nodeName: 'Pantry',
      channelId: 'temperature1',
      channelName: 'Temperatuur 1 (KW)',
      mode: 'KW',
      limit: { kind: 'atMost', celsius: 25 },
      readings: 2975,
      expectedReadings: 2980,
      coverage: 2975 / 2980,
      faultyReadings: 0,
      gaps: [],
      min: 14.2,
      mean: 17.1,
      max: 21.4,
      withinLimitShare: 1,
      readingsOutsideLimit: 0,
      growthRangeHours: 0,
      longestExcursion: null,
      excursions: [],
      hoursThere: 745,
      flushDuty: false,
      flushes: 0,
      flushesProved: 0,
      flushesFailed: 0,
      missedFlushes: [],
      verdict: 'compliant',
    },
  ],
  flushWeeks: [],
  failedFlushes: [],
  alarms: [],
  calibrationStatus: [
    {
      eui: 'A84041000181D001',
      nodeName: 'Pantry',
      channelId: 'temperature1',
      channelName: 'Temperatuur 1 (KW)',
      lastCalibrated: '2026-03-02T09:00:00.000Z',
      intervalYears: 1,
      due: '2027-03-02',
      overdue: false,
    },
  ],
  calibrations: [],
  changes: [],
};

const CUSTOMER = { id: 7, name: 'Woonzorg Eemland B.V.', address: 'Utrechtseweg 80', postalCode: '3818 EM', city: 'Amersfoort', country: 'Nederland' };
const PERIOD = { from: '2026-10-01', to: '2026-10-31', timeZone: 'Europe/Amsterdam', start: '2026-09-30T22:00:00.000Z', end: '2026-10-31T23:00:00.000Z' };

/** The report's hash as the server makes it: SHA-256 of the JSON of everything but the hash. */
function withHash(report: Omit<TLogbookReport, 'sha256'>): TLogbookReport {
  return { sha256: createHash('sha256').update(JSON.stringify(report)).digest('hex'), ...report };
}

/** The care home's report for October 2026, issued. */
export const locationReport: TLogbookReport = withHash({
  scope: 'location',
  number: 'LB-2026-0042',
  generatedAt: '2026-11-02T08:30:12.000Z',
  generatedBy: 'Marieke Jansen',
  period: PERIOD,
  customer: CUSTOMER,
  verdict: 'deviations',
  locations: [careHomeSection],
});

/** The customer's report over both locations, not issued (a download). */
export const customerReport: TLogbookReport = withHash({
  scope: 'customer',
  number: null,
  generatedAt: '2026-11-02T08:31:00.000Z',
  generatedBy: 'Marieke Jansen',
  period: PERIOD,
  customer: CUSTOMER,
  verdict: 'deviations',
  locations: [careHomeSection, officeSection],
});

/**
 * The care home's report as a German one (docs/logbook.md, "PDF and CSV"): the rulebook DE by the
 * customer's country, a Berlin address and customer with umlauts and ß. The figures are the care
 * home's (only the texts and the way they are written change).
 */
export const germanReport: TLogbookReport = withHash({
  scope: 'location',
  number: 'LB-2026-0043',
  generatedAt: '2026-11-02T08:30:12.000Z',
  generatedBy: 'Jürgen Weiß',
  period: { ...PERIOD, timeZone: 'Europe/Berlin' },
  customer: { id: 8, name: 'Pflegewerk Grünau GmbH', address: 'Müllerstraße 3', postalCode: '13353', city: 'Berlin', country: 'Deutschland' },
  verdict: 'deviations',
  locations: [
    {
      ...careHomeSection,
      location: { ...careHomeSection.location, name: 'Pflegeheim Am Schloßpark', address: 'Schloßstraße 7', postalCode: '14059', city: 'Berlin', country: 'Deutschland', timeZone: 'Europe/Berlin' },
      // The DE rulebook's hot limit: 55 °C where the care home's channels had 60 °C.
      channels: careHomeSection.channels.map((channel) => (channel.limit?.celsius === 60 ? { ...channel, limit: { ...channel.limit, celsius: 55 } } : channel)),
      rulebook: { id: 'DE', source: 'country', hot: { kind: 'atLeast', celsius: 55 }, cold: { kind: 'atMost', celsius: 25 }, healthcare: false, flushEveryHours: 72, retentionYears: 10 },
    },
  ],
});

/**
 * A report as issued before issue 39 (the stored JSON of an older report, rendered again for a
 * superseded one): no excursion list, no hours there, handling without times, due dates as
 * instants and settings changes as "2.logInterval: 15 → 10" in the details.
 */
export function issuedBefore39(report: TLogbookReport): TLogbookReport {
  const dueInstants: Record<string, string> = { '2027-10-07': '2027-10-07T09:12:31.000Z', '2026-11-14': '2026-11-14T10:02:00.000Z', '2026-06-03': '2026-06-03T12:00:00.000Z', '2027-03-02': '2027-03-02T09:00:00.000Z' };
  return {
    ...report,
    locations: report.locations.map((section) => ({
      ...section,
      channels: section.channels.map(({ excursions: _excursions, hoursThere: _hoursThere, ...channel }) => channel),
      alarms: section.alarms.map((alarm) => ({ ...alarm, handling: alarm.handling && { acknowledgedBy: alarm.handling.acknowledgedBy, resolvedBy: alarm.handling.resolvedBy, note: alarm.handling.note } })),
      calibrationStatus: section.calibrationStatus.map((status) => ({ ...status, due: status.due && (dueInstants[status.due] ?? status.due) })),
      changes: section.changes.map(({ settings, ...change }) => ({
        ...change,
        details: [...(settings ?? []).map((entry) => `2.${entry.setting}: ${String(entry.from)} → ${String(entry.to)}`), ...(change.details ? [change.details] : [])].join('; '),
      })),
    })),
  };
}
