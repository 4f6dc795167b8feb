import { sql } from 'drizzle-orm';
import { dueStage, OUTBOX_CHANNELS, readStoredStages, stageDelivery, type TAlarmChannel, type TAlarmKind, type TStageSkip } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { ADVISORY_LOCKS } from '../../db/locks';
import { column, rowShape } from '../../db/rows';
import { loadUsersWhere, type TAuthUser } from '../../identity/auth-user';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { messageBody } from '../alarm-channels/channel-formats';
import { insertChannelMessages, type TNewChannelMessage } from '../alarm-channels/channel-outbox';
import { insertMail, newMessageId } from '../alerts/alert-composer';
import { readAlarmRows } from '../alarm-store/alarm-rows';
import { addAlarmSteps, type TAlarmStep } from '../alarm-store/alarm-store';
import { composeAlarmMail, composeChannelContent } from './alarm-mail';
import { forMail, mayReceiveEscalation, reachOf, recipientOf } from './alarm-notifier';

/**
 * The escalation chains (docs/escalation.md): a customer's, or a location's own, list of stages.
 * Stage n goes to its users when the alarm is still `new` (nobody acknowledged, assigned or
 * resolved it) its minutes after it opened; each user by the stage's channels or their own for
 * the kind; every stage a 'stage' step in the alarm's timeline naming whom it reached and whom it
 * left out (quiet hours, no usable channel, no longer allowed to see the alarm). One stage per
 * alarm per round, in order, none skipped. Acknowledging stops the chain because only `new`
 * alarms are looked at. The clock is the caller's (tests drive it).
 */

/** How often the chains are looked at. */
export const ESCALATION_CHAIN_EVERY_MS = 30_000;
/** An alarm older than this is left alone by a chain set up later (no burst of old alarms' stages). */
export const CHAIN_MAX_AGE_DAYS = 8;
const ALARMS_PER_ROUND = 200;

const chainAlarm = rowShape({
  id: column.number,
  kind: column.as<TAlarmKind>(),
  state: column.as<string>(),
  customer_id: column.number,
  opened_at: column.date,
  escalation_stage: column.number,
  stages: column.json<unknown>(),
});

const displayName = (user: TAuthUser) => [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;

/** One round: every alarm whose next stage is due gets it. Answers how many stages went out. */
export async function advanceEscalationChains(db: TDb, publicUrl: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.escalationChain}) AS locked`);
    if (!lock.locked) return 0;
    const candidates = await chainAlarm.read(
      tx,
      sql`SELECT a.id, a.kind, a.state, a.customer_id, a.opened_at, a.escalation_stage, coalesce(l.alarm_escalation->'stages', c.alarm_escalation->'stages', '[]'::jsonb) AS stages
        FROM alarms a
        JOIN customers c ON c.id = a.customer_id
        LEFT JOIN locations l ON l.id = a.location_id
        WHERE a.state = 'new' AND a.opened_at >= ${now.toISOString()}::timestamptz - ${sql.raw(`interval '${CHAIN_MAX_AGE_DAYS} days'`)}
          AND jsonb_array_length(coalesce(l.alarm_escalation->'stages', c.alarm_escalation->'stages', '[]'::jsonb)) > a.escalation_stage
        ORDER BY a.id LIMIT ${ALARMS_PER_ROUND} FOR UPDATE OF a SKIP LOCKED`,
    );
    const due = candidates.flatMap((alarm) => {
      const stages = readStoredStages(alarm.stages);
      const index = dueStage({ state: alarm.state, openedAt: alarm.opened_at, reached: alarm.escalation_stage }, stages, now);
      return index === null ? [] : [{ alarm, index, stage: stages[index] }];
    });
    if (due.length === 0) return 0;
    const userIds = [...new Set(due.flatMap((entry) => entry.stage.users))];
    const users = await loadUsersWhere(tx, sql`id IN (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})`);
    const rows = new Map((await readAlarmRows(tx, due.map((entry) => entry.alarm.id))).map((row) => [row.id, row]));
    const messages: TNewChannelMessage[] = [];
    const steps: TAlarmStep[] = [];
    for (const { alarm, index, stage } of due) {
      const row = rows.get(alarm.id);
      if (!row) continue;
      const reached: { name: string; channels: TAlarmChannel[] }[] = [];
      const skipped: { name: string; reason: TStageSkip }[] = [];
      for (const userId of stage.users) {
        const user = users.find((candidate) => candidate.id === userId);
        if (!user) continue;
        const delivery = stageDelivery(
          { preferences: user.alarmNotifications, reach: reachOf(user), maySee: mayReceiveEscalation(user, alarm.customer_id, alarm.kind) },
          stage,
          alarm.kind,
          now,
        );
        if ('skipped' in delivery) {
          skipped.push({ name: displayName(user), reason: delivery.skipped });
          continue;
        }
        reached.push({ name: displayName(user), channels: delivery.channels });
        const recipient = { name: displayName(user), language: user.language, timeZone: user.alarmNotifications.timeZone };
        if (delivery.channels.includes('email')) {
          const content = composeAlarmMail('escalation', recipient, [forMail(row)], publicUrl, { minutes: stage.minutes, customer: row.customerName ?? '' });
          await insertMail(tx, { ...content, userId: user.id, kind: 'alarmEscalation', recipient: user.email, language: user.language, messageId: newMessageId(publicUrl) });
        }
        for (const channel of OUTBOX_CHANNELS) {
          if (!delivery.channels.includes(channel)) continue;
          const content = composeChannelContent('stage', recipient, [forMail(row)], publicUrl, { number: index + 1, minutes: stage.minutes });
          messages.push({ channel, purpose: 'stage', userId: user.id, recipient: recipientOf(user, channel)!, body: messageBody(channel, content), alarmIds: [alarm.id], stage: index + 1 });
        }
      }
      steps.push({ alarmId: alarm.id, action: 'stage', at: now.toISOString(), details: { number: index + 1, reached, skipped } });
    }
    await insertChannelMessages(tx, messages, now);
    await tx.execute(sql`UPDATE alarms SET escalation_stage = escalation_stage + 1, updated_at = now()
      WHERE id IN (${sql.join(steps.map((step) => sql`${step.alarmId}`), sql`, `)})`);
    await addAlarmSteps(tx, steps);
    return steps.length;
  });
}

export interface TEscalationChainOptions {
  publicUrl: string;
  log: TLoopLog;
  /** Called when e-mails or messages were written: wake their senders. */
  onQueued: () => void;
  idleMs?: number;
  now?: () => Date;
}

/** The chains' background loop (registered in jobs/background-jobs.ts). */
export function createEscalationChain(db: TDb, options: TEscalationChainOptions) {
  const now = options.now ?? (() => new Date());
  const loop = new BackgroundLoop(
    'escalation chains',
    async () => {
      const stages = await advanceEscalationChains(db, options.publicUrl, now());
      if (stages > 0) options.onQueued();
      return stages;
    },
    options.log,
    options.idleMs ?? ESCALATION_CHAIN_EVERY_MS,
  );
  return { start: () => loop.start(), wake: () => loop.wake(), stop: () => loop.stop() };
}
