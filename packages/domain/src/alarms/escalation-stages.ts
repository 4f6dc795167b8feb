import { z } from 'zod';
import { MESSAGE } from '../validation/message-key';
import { ALARM_CHANNELS, CHANNEL_MESSAGE, channelsOfKind, usableChannels, type TAlarmChannel, type TKindChannels, type TReachable } from './channels';
import type { TAlarmKind } from './kinds';
import { inQuietHours, MAX_ESCALATION_MINUTES, ZAlarmEscalation, type TStoredAlarmNotifications } from './notifications';

/**
 * A customer's (or a location's) escalation chain (docs/escalation.md): stage 1 goes to its users
 * when the alarm opens or after its minutes, each later stage after its minutes if nobody
 * acknowledged the alarm meanwhile. Acknowledging, assigning or resolving stops the chain. Pure.
 */

export const MAX_STAGES = 5;

export const ZEscalationStage = z.object({
  /** Minutes after the alarm opened; 0 (stage 1 only) is at once. Strictly increasing from stage to stage. */
  minutes: z
    .number({ error: MESSAGE.required })
    .int({ error: CHANNEL_MESSAGE.stageMinutes })
    .min(0, { error: CHANNEL_MESSAGE.stageMinutes })
    .max(MAX_ESCALATION_MINUTES, { error: CHANNEL_MESSAGE.stageMinutes }),
  /** Users by e-mail (the API); by id as stored. */
  users: z.array(z.string().min(1).max(200)).min(1, { error: MESSAGE.required }).max(20),
  /** null: each user's own channels for the alarm's kind; a list: these channels (what the user can be reached by). */
  channels: z.array(z.enum(ALARM_CHANNELS, { error: MESSAGE.oneOf })).min(1).max(ALARM_CHANNELS.length).nullable().default(null),
  /** Reach users also during their quiet hours (a night on-call stage); otherwise they are left out of the stage then. */
  duringQuietHours: z.boolean().default(false),
});
export type TEscalationStage = z.infer<typeof ZEscalationStage>;

/** Minutes must grow from stage to stage: a later stage at or before an earlier one is refused on its field. */
export const ZEscalationStages = z
  .array(ZEscalationStage)
  .max(MAX_STAGES)
  .default([])
  .superRefine((stages, context) => {
    stages.forEach((stage, index) => {
      if (index > 0 && stage.minutes <= stages[index - 1].minutes) {
        context.addIssue({ code: 'custom', message: CHANNEL_MESSAGE.stageOrder, path: [index, 'minutes'] });
      }
    });
  });

export const ZStoredEscalationStage = ZEscalationStage.extend({ users: z.array(z.number().int()).min(1).max(20) });
export type TStoredEscalationStage = z.infer<typeof ZStoredEscalationStage>;

export function readStoredStages(value: unknown): TStoredEscalationStage[] {
  const parsed = z.array(ZStoredEscalationStage).max(MAX_STAGES).safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

/**
 * The next stage due for an alarm, or null. `reached`: how many stages went out already (0 none).
 * Only an alarm still `new` goes on (acknowledged, assigned, resolved stop the chain). Stages whose
 * time passed together (the server was down) go one per round, in order, none skipped.
 */
export function dueStage(alarm: { state: string; openedAt: Date; reached: number }, stages: readonly { minutes: number }[], now: Date): number | null {
  if (alarm.state !== 'new' || alarm.reached >= stages.length) return null;
  const next = stages[alarm.reached];
  return alarm.openedAt.getTime() + next.minutes * 60_000 <= now.getTime() ? alarm.reached : null;
}

/** A stage's user as the rule sees them. */
export interface TStageUser {
  preferences: Pick<TStoredAlarmNotifications, 'quietHours' | 'timeZone'> & { channels: TKindChannels };
  reach: TReachable;
  /** The user may see the alarm (customer, kind): else left out. */
  maySee: boolean;
}

export type TStageSkip = 'quietHours' | 'noChannel' | 'notAllowed';

/**
 * How a stage reaches one user: the channels (the stage's, or the user's own for the kind, each
 * only when the user can be reached by it), or why not: may not see the alarm; quiet hours (unless
 * the stage reaches through them); none of the channels usable. E-mail is always usable, so a
 * stage that names e-mail, or a user without other means, always arrives.
 */
export function stageDelivery(
  user: TStageUser,
  stage: Pick<TStoredEscalationStage, 'channels' | 'duringQuietHours'>,
  kind: TAlarmKind,
  now: Date,
): { channels: TAlarmChannel[] } | { skipped: TStageSkip } {
  if (!user.maySee) return { skipped: 'notAllowed' };
  if (!stage.duringQuietHours && inQuietHours(now, user.preferences)) return { skipped: 'quietHours' };
  const wanted = stage.channels ?? channelsOfKind(user.preferences.channels, kind);
  const channels = usableChannels(wanted, user.reach);
  return channels.length ? { channels } : { skipped: 'noChannel' };
}

/** A customer's or location's escalation as the API takes it: the e-mail escalation (notifications.ts) and the chain's stages. */
export const ZAlarmEscalationChain = ZAlarmEscalation.extend({ stages: ZEscalationStages });
export type TAlarmEscalationChain = z.infer<typeof ZAlarmEscalationChain>;
