import { z } from 'zod';
import {
  ALARM_CHANNELS,
  ALARM_KINDS,
  CHANNEL_MESSAGE,
  channelsOfKind,
  type TAlarmChannel,
  DEFAULT_TIME_ZONE,
  MESSAGE,
  normalClock,
  NOTIFICATION_MESSAGE,
  NOTIFICATION_MODES,
  type TAlarmKind,
  type TAlarmNotifications,
  type TNotificationMode,
} from '@aquasmart/domain';

/**
 * The alarm notification preferences as form values (docs/alarm-notifications.md): quiet hours
 * as a switch and two times, customers as "all" or a chosen list. The server's schema
 * (ZAlarmNotifications) checks the same again.
 */
export const ZAlarmNotificationsForm = z
  .object({
    kinds: z.object(Object.fromEntries(ALARM_KINDS.map((kind) => [kind, z.enum(NOTIFICATION_MODES)])) as { [K in TAlarmKind]: z.ZodEnum<{ [M in TNotificationMode]: M }> }),
    quietHoursOn: z.boolean(),
    quietFrom: z.string(),
    quietTo: z.string(),
    timeZone: z.string().min(1, { error: MESSAGE.required }),
    customersMode: z.enum(['all', 'chosen']),
    customers: z.array(z.string()),
    /** Per kind the channels (docs/alarm-notifications.md, "Channels"); the webhook URLs, '' for none. */
    channels: z.object(Object.fromEntries(ALARM_KINDS.map((kind) => [kind, z.array(z.enum(ALARM_CHANNELS))])) as { [K in TAlarmKind]: z.ZodArray<z.ZodEnum<{ [C in TAlarmChannel]: C }>> }),
    teamsUrl: z.string(),
    slackUrl: z.string(),
  })
  .superRefine((values, ctx) => {
    for (const field of ['teamsUrl', 'slackUrl'] as const) {
      const text = values[field].trim();
      if (text && !isHttpUrl(text)) ctx.addIssue({ code: 'custom', path: [field], message: CHANNEL_MESSAGE.webhookUrl });
    }
    for (const kind of ALARM_KINDS) {
      const chosen = values.channels[kind];
      if (values.kinds[kind] !== 'off' && chosen.length === 0) ctx.addIssue({ code: 'custom', path: ['channels', kind], message: MESSAGE.required });
      if ((chosen.includes('teams') && !values.teamsUrl.trim()) || (chosen.includes('slack') && !values.slackUrl.trim())) {
        ctx.addIssue({ code: 'custom', path: ['channels', kind], message: CHANNEL_MESSAGE.channelNeedsUrl });
      }
    }
    if (!values.quietHoursOn) return;
    // A time input gives "07:00" or nothing (an unfinished time); typed text may be "7:00" (the server takes both).
    for (const field of ['quietFrom', 'quietTo'] as const) {
      const text = values[field].trim();
      if (!text) ctx.addIssue({ code: 'custom', path: [field], message: MESSAGE.required });
      else if (normalClock(text) === null) ctx.addIssue({ code: 'custom', path: [field], message: NOTIFICATION_MESSAGE.clock });
    }
    const from = normalClock(values.quietFrom);
    if (from !== null && from === normalClock(values.quietTo)) ctx.addIssue({ code: 'custom', path: ['quietTo'], message: NOTIFICATION_MESSAGE.quietHoursEqual });
  });

function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

export type TAlarmNotificationsFormValues = z.input<typeof ZAlarmNotificationsForm>;

/** A browser's own zone, or Dutch time where it cannot be read. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function emptyAlarmNotificationsForm(): TAlarmNotificationsFormValues {
  return {
    kinds: Object.fromEntries(ALARM_KINDS.map((kind) => [kind, 'off'])) as Record<TAlarmKind, TNotificationMode>,
    quietHoursOn: false,
    quietFrom: '22:00',
    quietTo: '07:00',
    timeZone: browserTimeZone(),
    customersMode: 'all',
    customers: [],
    channels: Object.fromEntries(ALARM_KINDS.map((kind) => [kind, ['email']])) as Record<TAlarmKind, TAlarmChannel[]>,
    teamsUrl: '',
    slackUrl: '',
  };
}

export function alarmNotificationsToForm(preferences: TAlarmNotifications | undefined): TAlarmNotificationsFormValues {
  const empty = emptyAlarmNotificationsForm();
  if (!preferences) return empty;
  return {
    kinds: { ...empty.kinds, ...preferences.kinds },
    quietHoursOn: preferences.quietHours !== null,
    quietFrom: preferences.quietHours?.from ?? empty.quietFrom,
    quietTo: preferences.quietHours?.to ?? empty.quietTo,
    timeZone: preferences.timeZone,
    customersMode: preferences.customers === 'all' ? 'all' : 'chosen',
    customers: preferences.customers === 'all' ? [] : [...preferences.customers],
    channels: Object.fromEntries(ALARM_KINDS.map((kind) => [kind, channelsOfKind(preferences.channels ?? {}, kind)])) as Record<TAlarmKind, TAlarmChannel[]>,
    teamsUrl: preferences.teamsUrl ?? '',
    slackUrl: preferences.slackUrl ?? '',
  };
}

export function toAlarmNotifications(values: TAlarmNotificationsFormValues): TAlarmNotifications {
  return {
    kinds: { ...values.kinds },
    quietHours: values.quietHoursOn ? { from: normalClock(values.quietFrom) ?? values.quietFrom, to: normalClock(values.quietTo) ?? values.quietTo } : null,
    timeZone: values.timeZone,
    customers: values.customersMode === 'all' ? 'all' : [...values.customers],
    // Only kinds that go by more or other than e-mail: a kind left out goes by e-mail (docs/alarm-notifications.md, "Channels").
    channels: Object.fromEntries(ALARM_KINDS.filter((kind) => values.channels[kind].join() !== 'email').map((kind) => [kind, [...values.channels[kind]]])),
    teamsUrl: values.teamsUrl.trim() || null,
    slackUrl: values.slackUrl.trim() || null,
  };
}
