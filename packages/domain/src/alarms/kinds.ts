/**
 * Alarms as records (docs/alarms.md): the kinds of alarm and the handling states. The kinds are
 * the node's alarm states of the dashboard plus the two that only exist as records (sustained
 * temperature, gateway offline).
 */
export const ALARM_KINDS = [
  'lowBattery',
  'faultySensor',
  'flushAlarm',
  'waterDetection',
  'offline',
  'settingsNotTaken',
  'temperature',
  'gatewayOffline',
  // A laboratory result at or above the rulebook's threshold (docs/sampling.md); its subject is the sample point.
  'legionella',
  // A sample point whose next sampling (routine or re-sample) is past its due date (docs/sampling.md, "Due samplings").
  'samplingOverdue',
  // A check's reading at an outlet outside the rulebook's limit, or not within its running time (docs/outlets.md); its subject is the outlet.
  'checkDeviation',
  // An outlet with a check past its due date (docs/outlets.md, "Overdue checks"); its subject is the outlet.
  'checkOverdue',
] as const;
export type TAlarmKind = (typeof ALARM_KINDS)[number];

/** Kinds that are per temperature channel (channel_id set); the others have channel_id ''. */
export const CHANNEL_ALARM_KINDS: readonly TAlarmKind[] = ['faultySensor', 'temperature'];

/**
 * Handling states. `resolved` is the user's word that the corrective action is done; whether the
 * condition is still present is the alarm's `closedAt` (null: still present), shown beside it.
 */
export const ALARM_STATES = ['new', 'acknowledged', 'assigned', 'resolved'] as const;
export type TAlarmState = (typeof ALARM_STATES)[number];

/** Steps of an alarm's timeline; 'stage': a stage of the escalation chain went out, 'messaged': a Teams, Slack or SMS message was delivered or failed (docs/escalation.md); 'observed': a later observation of the subject joined the open alarm (a re-sample still above, docs/sampling.md). */
export const ALARM_EVENT_ACTIONS = ['opened', 'closed', 'reopened', 'acknowledged', 'assigned', 'commented', 'resolved', 'escalated', 'notified', 'observed', 'stage', 'messaged'] as const;
export type TAlarmEventAction = (typeof ALARM_EVENT_ACTIONS)[number];

export const isAlarmKind = (value: unknown): value is TAlarmKind => typeof value === 'string' && (ALARM_KINDS as readonly string[]).includes(value);
