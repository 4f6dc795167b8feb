import { z } from 'zod';
import { normalizeEui } from '@aquasmart/domain';
import { dedupeKey, EUI_PATTERN, heardBy, strongest, type TIntakeEventKind } from './envelope';
import { timeMs, ZEventTime } from './event-time';
import type { TParseResult } from './chirpstack-event';
import { describeIssues } from './parse-error';

/**
 * The Things Stack v3 webhooks (JSON format, snake_case). Each message type is configured in the
 * webhook with its own path under /api/v1/integrations/tts/; the names below are those paths.
 */
export const TTS_MESSAGE_TYPES = ['uplink', 'join', 'downlink-ack', 'downlink-sent', 'downlink-failed', 'downlink-queued'] as const;
export type TTtsMessageType = (typeof TTS_MESSAGE_TYPES)[number];

const ZIds = z.looseObject({
  device_id: z.string().optional(),
  application_ids: z.looseObject({ application_id: z.string().optional() }).optional(),
  dev_eui: z.string().regex(EUI_PATTERN, 'must be 16 hexadecimal characters'),
});

const ZRxMetadata = z.looseObject({
  gateway_ids: z.looseObject({ gateway_id: z.string().optional(), eui: z.string().optional() }).optional(),
  rssi: z.number().optional(),
  channel_rssi: z.number().optional(),
  snr: z.number().optional(),
  time: ZEventTime.optional(),
  received_at: ZEventTime.optional(),
});

const ZUplinkMessage = z.looseObject({
  f_port: z.number().int().min(0).max(255).optional(),
  f_cnt: z.number().int().nonnegative().optional(),
  frm_payload: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64').optional(),
  rx_metadata: z.array(ZRxMetadata).optional(),
  received_at: ZEventTime.optional(),
});

const ZDownlinkMessage = z.looseObject({ f_cnt: z.number().int().nonnegative().optional(), correlation_ids: z.array(z.string()).optional() });

const ZBase = { end_device_ids: ZIds, received_at: ZEventTime.optional(), correlation_ids: z.array(z.string()).optional() };
const ZUplink = z.looseObject({ ...ZBase, uplink_message: ZUplinkMessage });
const ZJoin = z.looseObject({ ...ZBase, join_accept: z.looseObject({ received_at: ZEventTime.optional() }).optional() });
const ZDownlinkFailed = z.looseObject({
  ...ZBase,
  downlink_failed: z.looseObject({ downlink: ZDownlinkMessage.optional(), error: z.looseObject({ name: z.string().optional(), message_format: z.string().optional() }).optional() }),
});

const DOWNLINK_FIELD = { 'downlink-ack': 'downlink_ack', 'downlink-sent': 'downlink_sent', 'downlink-queued': 'downlink_queued' } as const;
const DOWNLINK_KIND: Record<keyof typeof DOWNLINK_FIELD, TIntakeEventKind> = { 'downlink-ack': 'ack', 'downlink-sent': 'downlinkSent', 'downlink-queued': 'downlinkQueued' };

function ids(body: z.infer<typeof ZIds>) {
  return { eui: normalizeEui(body.dev_eui), deviceId: body.device_id, applicationId: body.application_ids?.application_id };
}

/** Checks one webhook body of the given message type and turns it into the stored envelope. */
export function parseTtsEvent(type: TTtsMessageType, body: unknown, now = Date.now()): TParseResult {
  switch (type) {
    case 'uplink': {
      const parsed = ZUplink.safeParse(body);
      if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
      const up = parsed.data;
      const message = up.uplink_message;
      const radio = strongest(
        (message.rx_metadata ?? []).map((rx) => ({
          rssi: rx.rssi ?? rx.channel_rssi ?? 0,
          snr: rx.snr ?? 0,
          gateway: rx.gateway_ids?.gateway_id ?? rx.gateway_ids?.eui,
          time: timeMs(rx.time) ?? timeMs(rx.received_at),
        })),
      );
      const envelope = {
        kind: 'up' as const,
        ...ids(up.end_device_ids),
        fCnt: message.f_cnt ?? 0,
        fPort: message.f_port ?? 0,
        data: message.frm_payload ?? '',
        receivedAt: radio.time ?? timeMs(message.received_at) ?? timeMs(up.received_at) ?? now,
        rssi: radio.rssi,
        snr: radio.snr,
        gateway: radio.gateway,
        // The gateway's EUI when The Things Stack knows it, else its id (`eui-<hex>` by default).
        heard: heardBy((message.rx_metadata ?? []).map((rx) => ({ id: rx.gateway_ids?.eui ?? rx.gateway_ids?.gateway_id, rssi: rx.rssi ?? rx.channel_rssi ?? 0, snr: rx.snr ?? 0 }))),
      };
      return { ok: true, event: { envelope, dedupeKey: dedupeKey(envelope, message.received_at ?? up.received_at) } };
    }
    case 'join': {
      const parsed = ZJoin.safeParse(body);
      if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
      const envelope = { kind: 'join' as const, ...ids(parsed.data.end_device_ids), fCnt: 0, receivedAt: timeMs(parsed.data.received_at) ?? now };
      return { ok: true, event: { envelope, dedupeKey: dedupeKey(envelope, parsed.data.received_at ?? String(now)) } };
    }
    case 'downlink-failed': {
      const parsed = ZDownlinkFailed.safeParse(body);
      if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
      const failed = parsed.data.downlink_failed;
      const envelope = {
        kind: 'downlinkFailed' as const,
        ...ids(parsed.data.end_device_ids),
        fCnt: failed.downlink?.f_cnt ?? 0,
        receivedAt: timeMs(parsed.data.received_at) ?? now,
        description: failed.error?.message_format ?? failed.error?.name ?? 'downlink failed',
      };
      return { ok: true, event: { envelope, dedupeKey: dedupeKey(envelope, parsed.data.received_at ?? String(now)) } };
    }
    default: {
      const field = DOWNLINK_FIELD[type];
      const parsed = z.looseObject({ ...ZBase, [field]: ZDownlinkMessage }).safeParse(body);
      if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error) };
      const data = parsed.data as z.infer<z.ZodObject<typeof ZBase>> & Record<string, z.infer<typeof ZDownlinkMessage>>;
      const envelope = {
        kind: DOWNLINK_KIND[type],
        ...ids(data.end_device_ids),
        fCnt: data[field].f_cnt ?? 0,
        receivedAt: timeMs(data.received_at) ?? now,
        acknowledged: type === 'downlink-ack' ? true : undefined,
      };
      return { ok: true, event: { envelope, dedupeKey: dedupeKey(envelope, data.received_at ?? String(now)) } };
    }
  }
}
