import { sql, type SQL } from 'drizzle-orm';
import type { TAlarmKind } from '@aquasmart/domain';

/**
 * What an alarm is about (docs/alarms.md, "The alarm store"): a node's own condition, one channel
 * of a node, a gateway, a sample point (a laboratory result, docs/sampling.md) or an outlet (a check's
 * reading, docs/outlets.md). One alarm of a kind is open per subject at a time. A subject is kept in
 * five columns of `alarms` (device_eui, gateway_id, channel_id, sample_point_id, outlet_id); the
 * one-open rule's index names all five. A new subject is a new variant here, its column in `alarms`
 * and in that index (`ONE_OPEN_PER_SUBJECT`, alarm-store.ts), and nothing else changes.
 */
export type TAlarmSubject =
  | { type: 'node'; eui: string }
  | { type: 'channel'; eui: string; channelId: string }
  | { type: 'gateway'; gatewayId: number }
  | { type: 'samplePoint'; samplePointId: number }
  | { type: 'outlet'; outletId: number };

/** A subject's columns in `alarms`: '' for no channel, so the one-open index holds. */
export interface TSubjectColumns {
  device_eui: string | null;
  gateway_id: number | null;
  channel_id: string;
  sample_point_id: number | null;
  outlet_id: number | null;
}

export function subjectColumns(subject: TAlarmSubject): TSubjectColumns {
  switch (subject.type) {
    case 'node':
      return { device_eui: subject.eui, gateway_id: null, channel_id: '', sample_point_id: null, outlet_id: null };
    case 'channel':
      return { device_eui: subject.eui, gateway_id: null, channel_id: subject.channelId, sample_point_id: null, outlet_id: null };
    case 'gateway':
      return { device_eui: null, gateway_id: subject.gatewayId, channel_id: '', sample_point_id: null, outlet_id: null };
    case 'samplePoint':
      return { device_eui: null, gateway_id: null, channel_id: '', sample_point_id: subject.samplePointId, outlet_id: null };
    case 'outlet':
      return { device_eui: null, gateway_id: null, channel_id: '', sample_point_id: null, outlet_id: subject.outletId };
  }
}

/** The subject of a stored row. */
export function subjectOfRow(row: TSubjectColumns): TAlarmSubject {
  if (row.outlet_id !== null) return { type: 'outlet', outletId: row.outlet_id };
  if (row.sample_point_id !== null) return { type: 'samplePoint', samplePointId: row.sample_point_id };
  if (row.gateway_id !== null) return { type: 'gateway', gatewayId: row.gateway_id };
  if (row.channel_id !== '') return { type: 'channel', eui: row.device_eui ?? '', channelId: row.channel_id };
  return { type: 'node', eui: row.device_eui ?? '' };
}

/** A node's subject: the node itself, or one of its channels. */
export const nodeSubject = (eui: string, channelId = ''): TAlarmSubject => (channelId === '' ? { type: 'node', eui } : { type: 'channel', eui, channelId });

/** `kind:channelId`: the key of a node's alarm subject among that node's alarms. */
export const subjectKey = (kind: TAlarmKind, channelId = '') => `${kind}:${channelId}`;

/**
 * The subject columns for a set-based opening (`openAlarms` with a SELECT): each a SQL expression
 * of the writer's own rows, named as the store reads them.
 */
export const subjectColumnsSql = {
  node: (eui: SQL) => sql`${eui} AS device_eui, NULL::int AS gateway_id, ''::text AS channel_id, NULL::bigint AS sample_point_id, NULL::bigint AS outlet_id`,
  channel: (eui: SQL, channelId: SQL) => sql`${eui} AS device_eui, NULL::int AS gateway_id, ${channelId} AS channel_id, NULL::bigint AS sample_point_id, NULL::bigint AS outlet_id`,
  gateway: (gatewayId: SQL) => sql`NULL::text AS device_eui, ${gatewayId} AS gateway_id, ''::text AS channel_id, NULL::bigint AS sample_point_id, NULL::bigint AS outlet_id`,
  samplePoint: (samplePointId: SQL) => sql`NULL::text AS device_eui, NULL::int AS gateway_id, ''::text AS channel_id, ${samplePointId} AS sample_point_id, NULL::bigint AS outlet_id`,
  outlet: (outletId: SQL) => sql`NULL::text AS device_eui, NULL::int AS gateway_id, ''::text AS channel_id, NULL::bigint AS sample_point_id, ${outletId} AS outlet_id`,
};
