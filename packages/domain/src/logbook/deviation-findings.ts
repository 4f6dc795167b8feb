import { DEVIATION_KINDS, type TDeviationFinding, type TDeviationKind, type TDeviationState, type TReportVerdict } from './deviations';
import type { TLogbookChannel, TLogbookLocationSection } from './report';
import { logbookPeriodEnd } from './periods';
import { samplingDeviationFindings } from './sampling-report';
import { checkDeviationFindings } from './checks-report';

/*
 * What of a report's location section is a deviation, and the section's verdict from them
 * (docs/logbook.md, "Deviations"). Apart from deviations.ts, which the report's schema imports for
 * its deviation rows: this side reads the report, so the two would otherwise import each other.
 */

/**
 * The excursions of a channel past its limit: every one the report lists, the longest in reports made
 * before it listed them. At an outlet resting water is judged by how long it stood in the growth
 * range (its excursions): only past the rulebook's tolerance, and that is the role rules' finding
 * `growthRangeTooLong`, not an excursion of its own.
 */
function channelExcursions(channel: TLogbookChannel): { from: string; to: string; hours: number }[] {
  if (channel.test === 'runningTest' || channel.test === 'growthRange') return [];
  if (channel.excursions) return channel.excursions.map(({ from, to, hours }) => ({ from, to, hours }));
  return channel.longestExcursion ? [channel.longestExcursion] : [];
}

/**
 * The deviations in a location's section of the report, in a stable order (by start, then node,
 * channel and kind). `periodStart` is the start of a never-calibrated channel's overdue stretch.
 */
export function deviationFindings(
  section: Pick<TLogbookLocationSection, 'channels' | 'failedFlushes' | 'alarms' | 'calibrationStatus' | 'findings' | 'sampling' | 'checks'>,
  periodStart: string,
  /** The location's time zone: a sampling is overdue from the end of its due date there (only needed with sampling). */
  timeZone = 'UTC',
): TDeviationFinding[] {
  const findings: TDeviationFinding[] = [];
  const ofChannel = (channel: TLogbookChannel) => ({ alarmKind: null, eui: channel.eui, nodeName: channel.nodeName, channelId: channel.channelId });
  for (const channel of section.channels) {
    for (const stretch of channelExcursions(channel)) findings.push({ kind: 'excursion', ...ofChannel(channel), ...stretch, keyStart: stretch.from });
    for (const stretch of channel.missedFlushes) findings.push({ kind: 'missedFlush', ...ofChannel(channel), ...stretch, keyStart: stretch.from });
    for (const stretch of channel.gaps) findings.push({ kind: 'gap', ...ofChannel(channel), ...stretch, keyStart: stretch.from });
  }
  for (const flush of section.failedFlushes) {
    findings.push({ kind: 'failedFlush', alarmKind: null, eui: flush.eui, nodeName: flush.nodeName, channelId: flush.channelId, from: flush.at, to: flush.at, hours: 0, keyStart: flush.at });
  }
  for (const status of section.calibrationStatus) {
    if (!status.overdue) continue;
    const from = status.due && status.due > periodStart ? status.due : periodStart;
    findings.push({ kind: 'calibrationOverdue', alarmKind: null, eui: status.eui, nodeName: status.nodeName, channelId: status.channelId, from, to: null, hours: null, keyStart: status.due ?? 'never' });
  }
  for (const finding of section.findings ?? []) {
    findings.push({ kind: finding.kind, alarmKind: null, eui: finding.eui, nodeName: finding.nodeName, channelId: finding.channelId, from: finding.from, to: finding.to, hours: finding.hours, keyStart: finding.from });
  }
  for (const alarm of section.alarms) {
    findings.push({ kind: 'alarm', alarmKind: alarm.kind, eui: alarm.eui, nodeName: alarm.nodeName, channelId: alarm.channelId, from: alarm.from, to: alarm.to, hours: alarm.hours, keyStart: alarm.from });
  }
  const dayEnd = (localDate: string) => logbookPeriodEnd(localDate, timeZone).toISOString();
  findings.push(...samplingDeviationFindings(section.sampling, periodStart, dayEnd));
  findings.push(...checkDeviationFindings(section.checks, periodStart, dayEnd));
  const order = (kind: TDeviationKind) => DEVIATION_KINDS.indexOf(kind);
  return findings.sort(
    (a, b) =>
      a.from.localeCompare(b.from) ||
      a.eui.localeCompare(b.eui) ||
      (a.channelId ?? '').localeCompare(b.channelId ?? '') ||
      order(a.kind) - order(b.kind) ||
      (a.alarmKind ?? '').localeCompare(b.alarmKind ?? ''),
  );
}

/**
 * A location's verdict from its deviations and its channels' verdicts: open deviations when one is
 * open (or a channel has deviations no record shows), deviations all handled when there are some
 * and all are handled, else insufficient data when a channel has too few readings (or there are no
 * channels), else compliant. As before, deviations weigh more than too few readings.
 */
export function deviationVerdict(channelVerdicts: readonly TLogbookChannel['verdict'][], states: readonly TDeviationState[]): TReportVerdict {
  if (states.includes('open')) return 'openDeviations';
  if (states.length > 0) return 'deviationsHandled';
  if (channelVerdicts.includes('deviations')) return 'openDeviations';
  if (channelVerdicts.length === 0 || channelVerdicts.includes('insufficientData')) return 'insufficientData';
  return 'compliant';
}
