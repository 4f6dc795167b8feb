import { z } from 'zod';
import { MESSAGE } from '../validation/message-key';
import { ALARM_KINDS, type TAlarmKind } from './kinds';

/**
 * The channels an alarm reaches a person by, besides e-mail (docs/alarm-notifications.md,
 * "Channels"): Microsoft Teams and Slack through the user's own incoming-webhook URL, SMS through
 * the operator's provider to the user's verified phone number. Pure rules, no I/O.
 */

export const ALARM_CHANNELS = ['email', 'teams', 'slack', 'sms'] as const;
export type TAlarmChannel = (typeof ALARM_CHANNELS)[number];
/** The channels that go through the channel outbox (alarm_messages); e-mail goes through the mail outbox. */
export const OUTBOX_CHANNELS = ['teams', 'slack', 'sms'] as const satisfies readonly TAlarmChannel[];
export type TOutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const CHANNEL_MESSAGE = {
  phone: 'validation.phone',
  webhookUrl: 'validation.webhookUrl',
  channelNeedsUrl: 'validation.channelNeedsUrl',
  channelNeedsPhone: 'validation.channelNeedsPhone',
  stageMinutes: 'validation.stageMinutes',
  stageOrder: 'validation.stageOrder',
} as const;

/** A phone number in E.164 (+ country code, 8 to 15 digits), as SMS providers take it. */
export const PHONE_PATTERN = /^\+[1-9]\d{7,14}$/;

/** Spaces, dashes, dots and brackets are taken away, a leading 00 becomes +; answers null when it still is no E.164 number. */
export function normalPhone(text: string): string | null {
  let digits = text.trim().replace(/[\s\-.()]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  return PHONE_PATTERN.test(digits) ? digits : null;
}

export const zPhone = () =>
  z
    .string({ error: MESSAGE.required })
    .refine((text) => normalPhone(text) !== null, { error: CHANNEL_MESSAGE.phone })
    .overwrite((text) => normalPhone(text) ?? text);

/** Hosts of the incoming webhooks each channel takes; another host is refused (a URL is a secret, and must reach Teams or Slack, not the portal's own network). */
export const WEBHOOK_HOSTS: Record<'teams' | 'slack', RegExp> = {
  // Office 365 connectors (*.webhook.office.com) and Power Automate Workflows (*.logic.azure.com, *.powerplatform.com).
  teams: /(^|\.)(webhook\.office\.com|logic\.azure\.com|powerplatform\.com|environment\.api\.powerplatform\.com)$/i,
  slack: /(^|\.)hooks\.slack\.com$/i,
};

/** Whether a URL is an https incoming webhook of the channel (the host list above), or, for tests and own relays, any URL when `anyHost`. */
export function isChannelWebhookUrl(channel: 'teams' | 'slack', text: string, anyHost = false): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (anyHost) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && WEBHOOK_HOSTS[channel].test(url.hostname);
}

const zWebhookUrl = () => z.string().trim().min(1, { error: MESSAGE.required }).max(1000).url({ error: CHANNEL_MESSAGE.webhookUrl });

/** Per alarm kind the channels it goes by; a kind left out goes by e-mail only (what every user had before channels). */
export const ZKindChannels = z.object(
  Object.fromEntries(ALARM_KINDS.map((kind) => [kind, z.array(z.enum(ALARM_CHANNELS, { error: MESSAGE.oneOf })).max(ALARM_CHANNELS.length).optional()])) as {
    [K in TAlarmKind]: z.ZodOptional<z.ZodArray<z.ZodEnum<{ [C in TAlarmChannel]: C }>>>;
  },
);
export type TKindChannels = Partial<Record<TAlarmKind, TAlarmChannel[]>>;

/** The channel part of the preferences (users.alarm_notifications, beside kinds and quiet hours). */
export const channelPreferenceShape = {
  channels: ZKindChannels.default({}),
  teamsUrl: zWebhookUrl().nullable().default(null),
  slackUrl: zWebhookUrl().nullable().default(null),
};

/** The channels of a kind: the chosen ones without duplicates, in catalogue order; e-mail when none are chosen. */
export function channelsOfKind(channels: TKindChannels, kind: TAlarmKind): TAlarmChannel[] {
  const chosen = channels[kind];
  if (!chosen || chosen.length === 0) return ['email'];
  return ALARM_CHANNELS.filter((channel) => chosen.includes(channel));
}

/** What a user can be reached by: a Teams or Slack URL set, a phone number verified. */
export interface TReachable {
  teamsUrl: string | null;
  slackUrl: string | null;
  /** The verified phone number, null when none or not verified. */
  phone: string | null;
}

/** The channels that can actually carry a message to this user now (a chosen channel without its URL or phone is left out). */
export function usableChannels(chosen: readonly TAlarmChannel[], reach: TReachable): TAlarmChannel[] {
  return chosen.filter((channel) => {
    if (channel === 'teams') return reach.teamsUrl !== null;
    if (channel === 'slack') return reach.slackUrl !== null;
    if (channel === 'sms') return reach.phone !== null;
    return true;
  });
}

/**
 * The refusals of a preferences change: a kind that chooses Teams or Slack needs its URL, SMS a
 * verified phone number. Answers field path -> message key (empty when fine).
 */
export function channelChoiceProblems(channels: TKindChannels, reach: { teamsUrl: string | null; slackUrl: string | null; phoneVerified: boolean }): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const kind of ALARM_KINDS) {
    for (const channel of channels[kind] ?? []) {
      const path = `alarmNotifications.channels.${kind}`;
      if ((channel === 'teams' && !reach.teamsUrl) || (channel === 'slack' && !reach.slackUrl)) problems[path] ??= CHANNEL_MESSAGE.channelNeedsUrl;
      if (channel === 'sms' && !reach.phoneVerified) problems[path] ??= CHANNEL_MESSAGE.channelNeedsPhone;
    }
  }
  return problems;
}

// ---------------------------------------------------------------- phone verification

/** A verification code: six digits, valid ten minutes, five tries; a new code at most once a minute. */
export const PHONE_CODE = { digits: 6, validMinutes: 10, tries: 5, resendSeconds: 60 } as const;

export type TCodeVerdict = 'ok' | 'wrong' | 'expired' | 'tooManyTries' | 'none';

/** The verdict on a code typed by the user (the code's hash compared by the caller: `matches`). */
export function codeVerdict(code: { expiresAt: Date; attempts: number } | null, matches: boolean, now: Date): TCodeVerdict {
  if (!code) return 'none';
  if (code.attempts >= PHONE_CODE.tries) return 'tooManyTries';
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired';
  return matches ? 'ok' : 'wrong';
}

/** Whether a new code may be sent now (one a minute). */
export function mayResendCode(lastSentAt: Date | null, now: Date): boolean {
  return lastSentAt === null || now.getTime() - lastSentAt.getTime() >= PHONE_CODE.resendSeconds * 1000;
}

// ---------------------------------------------------------------- delivery

/** A channel message is tried this many times at most (retries after a 5xx, 429, 408 or no answer), then it has failed. */
export const CHANNEL_MAX_ATTEMPTS = 8;
/** The first wait after a failure; doubled per failure up to an hour (`backoffSeconds` of the platforms). */
export const CHANNEL_RETRY_SECONDS = 30;
/**
 * Days a sent or failed Teams, Slack or SMS message stays in the outbox (and in an alarm's list of
 * messages); the alarm's timeline keeps its `messaged` step for good. A phone code's message, whose
 * body is the code, goes after CHANNEL_PHONE_CODE_KEEP_HOURS.
 */
export const CHANNEL_MESSAGE_KEEP_DAYS = 90;
export const CHANNEL_PHONE_CODE_KEEP_HOURS = 24;
export const CHANNEL_MESSAGE_STATES = ['pending', 'retrying', 'sent', 'failed'] as const;
export type TChannelMessageState = (typeof CHANNEL_MESSAGE_STATES)[number];

/** An SMS is one text: at most this many characters (three concatenated GSM parts). */
export const SMS_MAX_CHARS = 459;

/** Cuts a text to n characters, with an ellipsis when cut. */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

// ---------------------------------------------------------------- API

export const ZPhoneStart = z.object({ phone: zPhone() });
export const ZPhoneConfirm = z.object({ code: z.string({ error: MESSAGE.required }).trim().min(1, { error: MESSAGE.required }).max(20) });
export const ZPhoneState = z.object({ number: z.string().nullable(), verified: z.boolean(), expiresAt: z.string().optional() });
export type TPhoneState = z.infer<typeof ZPhoneState>;

/** A channel message as administrators see it (GET /alarms/:id/messages): the recipient masked, the outcome of the last try. */
export const ZChannelMessage = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  purpose: z.enum(['alarms', 'alarmDigest', 'stage', 'phoneCode']),
  user: z.string().nullable(),
  to: z.string(),
  stage: z.number().int().nullable(),
  state: z.enum(CHANNEL_MESSAGE_STATES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type TChannelMessage = z.infer<typeof ZChannelMessage>;
