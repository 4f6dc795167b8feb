import { z } from 'zod';
import { normalizeEui } from '@aquasmart/domain';
import { dedupeKey, EUI_PATTERN, heardBy, strongest, type TAcceptedEvent, type TIntakeEventKind } from './envelope';
import { timeMs, ZEventTime } from './event-time';
import { describeIssues } from './parse-error';

/**
 * ChirpStack v4 integration events (HTTP integration with JSON encoding, and the MQTT
 * integration): protobuf JSON, camelCase, fields with default values left out (a missing fCnt
 * or fPort is 0, a missing rssi is 0). Only the fields the portal uses are checked; the rest
 * may be anything.
 */
export const CHIRPSTACK_EVENTS = ['up', 'join', 'ack', 'txack', 'status', 'log'] as const;
export type TChirpstackEvent = (typeof CHIRPSTACK_EVENTS)[number];

const ZBase64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64');
const ZCounter = z.number().int().nonnegative();

const ZDeviceInfo = z.looseObject({
  devEui: z.string().regex(EUI_PATTERN, 'must be 16 hexadecimal characters'),
  applicationId: z.string().optional(),
  deviceName: z.string().optional(),
});

const ZRxInfo = z.looseObject({
  gatewayId: z.string().optional(),
  rssi: z.number().optional(),
  snr: z.number().optional(),
  time: ZEventTime.optional(),
  gwTime: ZEventTime.optional(),
  nsTime: ZEventTime.optional(),
});

const ZCommon = { deduplicationId: z.string().optional(), time: ZEventTime.optional(), deviceInfo: ZDeviceInfo };

export const ZChirpstackUp = z.looseObject({
  ...ZCommon,
  fCnt: ZCounter.optional(),
  fPort: z.number().int().min(0).max(255).optional(),
  data: ZBase64.optional(),
  rxInfo: z.array(ZRxInfo).optional(),
});
const ZChirpstackAck = z.looseObject({ ...ZCommon, queueItemId: z.string().optional(), acknowledged: z.boolean().optional(), fCntDown: ZCounter.optional() });
const ZChirpstackTxAck = z.looseObject({ ...ZCommon, downlinkId: z.number().optional(), queueItemId: z.string().optional(), fCntDown: ZCounter.optional(), gatewayId: z.string().optional() });
const ZChirpstackLog = z.looseObject({ ...ZCommon, level: z.string().optional(), code: z.string().optional(), description: z.string().optional() });
const ZChirpstackOther = z.looseObject(ZCommon);

const KIND: Record<TChirpstackEvent, TIntakeEventKind> = { up: 'up', join: 'join', ack: 'ack', txack: 'txack', status: 'status', log: 'log' };

export type TParseResult = { ok: true; event: TAcceptedEvent } | { ok: false; reason: string };

/** Checks one ChirpStack event body and turns it into the stored envelope. */
export function parseChirpstackEvent(event: TChirpstackEvent, body: unknown, now = Date.now()): TParseResult {
  switch (event) {
    case 'up': {
      const parsed = ZChirpstackUp.safeParse(body);
      if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
      const up = parsed.data;
      const radio = strongest(
        (up.rxInfo ?? []).map((rx) => ({ rssi: rx.rssi ?? 0, snr: rx.snr ?? 0, gateway: rx.gatewayId, time: timeMs(rx.time) ?? timeMs(rx.gwTime) })),
      );
      const nsTime = (up.rxInfo ?? []).map((rx) => timeMs(rx.nsTime)).find((value) => value !== undefined);
      const envelope = {
        kind: KIND.up,
        eui: normalizeEui(up.deviceInfo.devEui),
        fCnt: up.fCnt ?? 0,
        fPort: up.fPort ?? 0,
        data: up.data ?? '',
        receivedAt: radio.time ?? nsTime ?? timeMs(up.time) ?? now,
        rssi: radio.rssi,
        snr: radio.snr,
        gateway: radio.gateway,
        heard: heardBy((up.rxInfo ?? []).map((rx) => ({ id: rx.gatewayId, rssi: rx.rssi ?? 0, snr: rx.snr ?? 0 }))),
        applicationId: up.deviceInfo.applicationId,
      };
      return { ok: true, event: { envelope, dedupeKey: dedupeKey(envelope, up.deduplicationId ?? up.time) } };
    }
    case 'ack':
    case 'txack': {
      const parsed = (event === 'ack' ? ZChirpstackAck : ZChirpstackTxAck).safeParse(body);
      if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
      const ack = parsed.data as z.infer<typeof ZChirpstackAck>;
      const envelope = {
        kind: KIND[event],
        eui: normalizeEui(ack.deviceInfo.devEui),
        fCnt: ack.fCntDown ?? 0,
        receivedAt: timeMs(ack.time) ?? now,
        // An ack event without `acknowledged` reports a timeout (false is the left-out default).
        acknowledged: event === 'txack' ? true : (ack.acknowledged ?? false),
        applicationId: ack.deviceInfo.applicationId,
      };
      return { ok: true, event: { envelope, dedupeKey: dedupeKey(envelope, ack.queueItemId ?? ack.time) } };
    }
    case 'log': {
      const parsed = ZChirpstackLog.safeParse(body);
      if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
      const log = parsed.data;
      const envelope = {
        kind: KIND.log,
        eui: normalizeEui(log.deviceInfo.devEui),
        fCnt: 0,
        receivedAt: timeMs(log.time) ?? now,
        description: [log.level ?? 'INFO', log.code ?? 'UNKNOWN', log.description ?? ''].join(' ').trim(),
      };
      return { ok: true, event: { envelope, dedupeKey: dedupeKey(envelope, `${log.time ?? now}:${log.code ?? ''}`) } };
    }
    case 'join':
    case 'status': {
      const parsed = ZChirpstackOther.safeParse(body);
      if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
      const other = parsed.data;
      const envelope = {
        kind: KIND[event],
        eui: normalizeEui(other.deviceInfo.devEui),
        fCnt: 0,
        receivedAt: timeMs(other.time) ?? now,
        applicationId: other.deviceInfo.applicationId,
      };
      return { ok: true, event: { envelope, dedupeKey: dedupeKey(envelope, other.deduplicationId ?? other.time ?? String(now)) } };
    }
  }
}
