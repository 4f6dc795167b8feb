import { decodeUplink } from '@aquasmart/domain';
import { describe, expect, it } from 'vitest';
import type { TTimedUplink } from '../model/types';
import { chirpstackAckEvent, chirpstackTxAckEvent, chirpstackUpEvent, DEFAULT_CHIRPSTACK_APPLICATION } from './chirpstack';
import { DEFAULT_TTS_APPLICATION, ttsUplinkMessage } from './tts';

const AT = Date.UTC(2026, 10, 23, 10, 15, 0);

function uplink(overrides: Partial<TTimedUplink> = {}): TTimedUplink {
  return {
    eui: '70B3D5499A1B2C3D',
    type: 'V2',
    atMs: AT,
    fCnt: 42,
    message: { kind: 'temperature', msgId: 42, timestamp: AT / 1000, temperatures: [61.2, 14.3, -102.4] },
    receptions: [
      { gatewayId: '7076FF0056A1B2C3', rssi: -97, snr: 2.5 },
      { gatewayId: '7076ff0056d4e5f6', rssi: -109, snr: -6.2 },
    ],
    ...overrides,
  };
}

describe('ChirpStack v4 up event (JSON encoding)', () => {
  const event = chirpstackUpEvent(uplink(), DEFAULT_CHIRPSTACK_APPLICATION, 'Douche 1 heren');

  it('has the device info, frame counter, port and payload the way ChirpStack writes them', () => {
    expect(event).toMatchObject({
      deviceInfo: {
        devEui: '70b3d5499a1b2c3d',
        applicationId: DEFAULT_CHIRPSTACK_APPLICATION.applicationId,
        tenantId: DEFAULT_CHIRPSTACK_APPLICATION.tenantId,
        deviceName: 'Douche 1 heren',
        deviceProfileName: 'Aquasmart V2',
      },
      fCnt: 42,
      fPort: 42,
      adr: true,
      regionConfigId: 'eu868',
    });
    expect(event.deduplicationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(event.time).toBe('2026-11-23T10:15:00.200000000+00:00');
    expect(Date.parse(event.time as string)).toBe(AT + 200);
    expect(event).not.toHaveProperty('confirmed');
  });

  it('carries the payload base64: the codec reads the message back', () => {
    const bytes = new Uint8Array(Buffer.from(event.data as string, 'base64'));
    expect(decodeUplink('V2', event.fPort as number, bytes)).toEqual({ ok: true, message: uplink().message });
  });

  it('lists every gateway that heard it, lower-case ids, with gateway and network-server times', () => {
    const rxInfo = event.rxInfo as Record<string, unknown>[];
    expect(rxInfo.map((rx) => [rx.gatewayId, rx.rssi, rx.snr])).toEqual([
      ['7076ff0056a1b2c3', -97, 2.5],
      ['7076ff0056d4e5f6', -109, -6.2],
    ]);
    for (const rx of rxInfo) {
      expect(Date.parse(rx.gwTime as string)).toBe(AT);
      expect(Date.parse(rx.nsTime as string)).toBe(AT + 200);
      expect(rx.crcStatus).toBe('CRC_OK');
    }
    expect(event.txInfo).toMatchObject({ modulation: { lora: { bandwidth: 125000, codeRate: 'CR_4_5' } } });
    expect([868_100_000, 868_300_000, 868_500_000, 867_100_000, 867_300_000, 867_500_000, 867_700_000, 867_900_000]).toContain(
      (event.txInfo as { frequency: number }).frequency,
    );
  });

  it.each([
    ['frame counter 0 is left out (default value)', { fCnt: 0 }, 'fCnt'],
    ['a strong uplink at SF7 has data rate 5', {}, null],
  ])('%s', (_name, overrides, missing) => {
    const other = chirpstackUpEvent(uplink({ ...overrides, receptions: [{ gatewayId: '0016c001f1500001', rssi: -70, snr: 9 }] }), DEFAULT_CHIRPSTACK_APPLICATION);
    if (missing) expect(other).not.toHaveProperty(missing);
    else expect(other.dr).toBe(5);
  });

  it('txack and ack events name the queue item and the downlink frame counter', () => {
    const target = { eui: '70B3D5499A1B2C3D', type: 'V2' as const };
    expect(chirpstackTxAckEvent(target, DEFAULT_CHIRPSTACK_APPLICATION, 'q-1', 3, '7076FF0056A1B2C3', AT)).toMatchObject({
      queueItemId: 'q-1',
      fCntDown: 3,
      gatewayId: '7076ff0056a1b2c3',
      deviceInfo: { devEui: '70b3d5499a1b2c3d' },
    });
    expect(chirpstackAckEvent(target, DEFAULT_CHIRPSTACK_APPLICATION, 'q-1', 3, false, AT)).not.toHaveProperty('acknowledged');
    expect(chirpstackAckEvent(target, DEFAULT_CHIRPSTACK_APPLICATION, 'q-1', 3, true, AT)).toMatchObject({ acknowledged: true });
  });
});

describe('The Things Stack v3 uplink message (webhook JSON)', () => {
  const message = ttsUplinkMessage(uplink(), DEFAULT_TTS_APPLICATION);

  it('has the end device ids with upper-case EUI and the console-style device id', () => {
    expect(message.end_device_ids).toEqual({
      device_id: 'eui-70b3d5499a1b2c3d',
      application_ids: { application_id: 'aquasmart' },
      dev_eui: '70B3D5499A1B2C3D',
      join_eui: '0000000000000000',
      dev_addr: expect.stringMatching(/^[0-9A-F]{8}$/),
    });
    expect(Date.parse(message.received_at as string)).toBe(AT + 150);
  });

  it('has port, counter, base64 payload and metadata per gateway', () => {
    const up = message.uplink_message as Record<string, unknown>;
    expect(up.f_port).toBe(42);
    expect(up.f_cnt).toBe(42);
    const bytes = new Uint8Array(Buffer.from(up.frm_payload as string, 'base64'));
    expect(decodeUplink('V2', 42, bytes)).toEqual({ ok: true, message: uplink().message });
    const rx = up.rx_metadata as { gateway_ids: { eui: string }; rssi: number; snr: number; time: string }[];
    expect(rx.map((r) => [r.gateway_ids.eui, r.rssi, r.snr])).toEqual([
      ['7076FF0056A1B2C3', -97, 2.5],
      ['7076FF0056D4E5F6', -109, -6.2],
    ]);
    expect(Date.parse(rx[0].time)).toBe(AT);
    expect(up.settings).toMatchObject({ data_rate: { lora: { bandwidth: 125000 } } });
    expect(up.consumed_airtime).toMatch(/^\d+\.\d{6}s$/);
  });

  it('leaves out a frame counter of 0', () => {
    expect(ttsUplinkMessage(uplink({ fCnt: 0 }), DEFAULT_TTS_APPLICATION).uplink_message).not.toHaveProperty('f_cnt');
  });
});
