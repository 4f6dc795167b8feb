import type { TIssuedLogbookReport, TLogbookChannel, TLogbookLocationSection, TLogbookReport } from '@aquasmart/domain';

/** A location's report as the server answers it, for the screen tests (figures of docs/logbook.md's examples). */
export function channelFixture(overrides: Partial<TLogbookChannel> = {}): TLogbookChannel {
  return {
    eui: '70B3D5E75E00A001',
    nodeName: 'Kraan keuken',
    channelId: 'temperature1',
    channelName: 'Warm water keuken',
    mode: 'WW',
    limit: { kind: 'atLeast', celsius: 60 },
    readings: 2880,
    expectedReadings: 2976,
    coverage: 0.9677,
    faultyReadings: 0,
    gaps: [{ from: '2026-10-12T02:00:00.000Z', to: '2026-10-12T10:00:00.000Z', hours: 8 }],
    min: 48.2,
    mean: 61.4,
    max: 66.1,
    withinLimitShare: 0.95,
    readingsOutsideLimit: 144,
    growthRangeHours: 36.5,
    longestExcursion: { from: '2026-10-20T06:00:00.000Z', to: '2026-10-20T18:00:00.000Z', hours: 12 },
    flushDuty: true,
    flushes: 5,
    flushesProved: 4,
    flushesFailed: 1,
    missedFlushes: [],
    verdict: 'deviations',
    ...overrides,
  };
}

export function sectionFixture(overrides: Partial<TLogbookLocationSection> = {}): TLogbookLocationSection {
  return {
    location: { id: 7, name: 'Stadhuis', address: 'Stadhuisbrug 1', postalCode: '3511 AA', city: 'Utrecht', country: 'Nederland', timeZone: 'Europe/Amsterdam' },
    rulebook: { id: 'NL', source: 'country', hot: { kind: 'atLeast', celsius: 60 }, cold: { kind: 'atMost', celsius: 25 }, healthcare: false, flushEveryHours: 168, retentionYears: 3 },
    verdict: 'deviations',
    nodes: 1,
    channels: [channelFixture(), channelFixture({ channelId: 'temperature2', channelName: 'Koud water keuken', mode: 'KW', limit: { kind: 'atMost', celsius: 25 }, verdict: 'compliant', min: 12.1, mean: 14.3, max: 18.9 })],
    flushWeeks: [{ eui: '70B3D5E75E00A001', nodeName: 'Kraan keuken', channelId: 'temperature1', channelName: 'Warm water keuken', week: '2026-10-05', flushes: 1, proved: 1, failed: 0, required: 1 }],
    failedFlushes: [{ eui: '70B3D5E75E00A001', nodeName: 'Kraan keuken', channelId: 'temperature1', at: '2026-10-14T08:00:00.000Z', before: 31.5, after: 52.5 }],
    alarms: [{ kind: 'lowBattery', eui: '70B3D5E75E00A001', nodeName: 'Kraan keuken', channelId: null, from: '2026-10-03T08:00:00.000Z', to: null, hours: null, handling: null }],
    calibrationStatus: [
      { eui: '70B3D5E75E00A001', nodeName: 'Kraan keuken', channelId: 'temperature1', channelName: 'Warm water keuken', lastCalibrated: '2025-06-01T10:00:00.000Z', intervalYears: 1, due: '2026-06-01T10:00:00.000Z', overdue: true },
    ],
    calibrations: [],
    changes: [{ at: '2026-10-02T09:00:00.000Z', eui: '70B3D5E75E00A001', nodeName: 'Kraan keuken', kind: 'settings', user: 'monteur@example.com', details: 'register 2' }],
    ...overrides,
  };
}

export function reportFixture(overrides: Partial<TLogbookReport> = {}): TLogbookReport {
  return {
    sha256: 'a'.repeat(64),
    scope: 'location',
    number: null,
    generatedAt: '2026-11-26T10:00:00.000Z',
    generatedBy: 'admin@example.com',
    period: { from: '2026-10-01', to: '2026-10-31', timeZone: 'Europe/Amsterdam', start: '2026-09-30T22:00:00.000Z', end: '2026-10-31T23:00:00.000Z' },
    customer: { id: 1, name: 'Gemeente Utrecht', address: 'Stadsplateau 1', postalCode: '3521 AZ', city: 'Utrecht', country: 'Nederland' },
    verdict: 'deviations',
    locations: [sectionFixture()],
    ...overrides,
  };
}

export function issuedFixture(overrides: Partial<TIssuedLogbookReport> = {}): TIssuedLogbookReport {
  return {
    number: 'LB-2026-0001',
    scope: 'location',
    customer: 'Gemeente Utrecht',
    location: 'Stadhuis',
    from: '2026-10-01',
    to: '2026-10-31',
    rulebook: 'NL',
    verdict: 'deviations',
    issuedAt: '2026-11-26T10:05:00.000Z',
    issuedBy: 'admin@example.com',
    language: 'nl',
    sha256: 'b'.repeat(64),
    pdfSha256: 'c'.repeat(64),
    keepUntil: '2029-10-31T23:00:00.000Z',
    signature: { subject: 'Aquasmart Portal', selfSigned: true },
    current: true,
    supersededBy: null,
    supersedes: [],
    signer: { name: 'Karin Klant', role: 'Beheerder' },
    ...overrides,
  };
}

/** A checks section (docs/logbook.md, "Checks at outlets"): a check done, one outside the limit with drift, one not possible and overdue. */
export function checksFixture(): NonNullable<TLogbookLocationSection['checks']> {
  const plan = { room: null, floor: null, water: 'hot' as const, check: 'sentinelTemperature' as const, overdueSince: null };
  const record = { check: 'sentinelTemperature' as const, ranSeconds: 60, allowedSeconds: 60, nodeCelsius: null, drift: null, note: null, recordedBy: 'conciërge@example.com', reason: null };
  return {
    outlets: 2,
    plans: [
      { ...plan, outletId: 1, outletName: 'Douche 12', planned: 1, done: 1, notPossible: 0, overdueDates: [], lastDone: '2026-10-14', nextDue: '2026-11-14', state: 'planned' },
      { ...plan, outletId: 2, outletName: 'Wastafel 3', water: 'cold', planned: 1, done: 0, notPossible: 1, overdueDates: ['2026-10-20'], lastDone: '2026-09-20', nextDue: '2026-10-20', state: 'overdue' },
    ],
    records: [
      {
        ...record,
        checkId: 11,
        outletId: 1,
        outletName: 'Douche 12',
        outcome: 'done',
        celsius: 52,
        limit: { kind: 'atLeast', celsius: 60 },
        verdict: 'outsideLimit',
        deviation: true,
        alarmId: 40,
        nodeCelsius: 54.1,
        drift: true,
        doneAt: '2026-10-14T07:00:00.000Z',
        handling: { acknowledgedBy: null, acknowledgedAt: null, resolvedBy: 'monteur@example.com', resolvedAt: '2026-10-15T08:00:00.000Z', note: 'Boiler op 65 °C gezet' },
      },
      { ...record, checkId: 12, outletId: 2, outletName: 'Wastafel 3', outcome: 'notPossible', reason: 'Kraan defect', celsius: null, ranSeconds: null, limit: { kind: 'atMost', celsius: 25 }, verdict: null, deviation: false, alarmId: null, doneAt: '2026-10-20T09:00:00.000Z', handling: null },
    ],
    alarms: [],
    overdue: [{ outletId: 2, outletName: 'Wastafel 3', check: 'sentinelTemperature', firstDue: '2026-10-20', doneAt: null }],
  };
}
