import { describe, expect, it } from 'vitest';
import { readMqttEvent } from './mqtt-event';
import { chirpstackUp } from '../../test/intake-fixtures';

const EUI = '70B3D5499A000001';
const UP = `application/app-1/device/${EUI.toLowerCase()}/event/up`;
const LOG = `application/app-1/device/${EUI.toLowerCase()}/event/log`;
const frame = { fPort: 1, data: 'AA==' };
const json = (body: unknown) => Buffer.from(JSON.stringify(body));

describe('ChirpStack MQTT messages: the HTTP rules, storable text included', () => {
  it.each([
    ['an up event', UP, json(chirpstackUp(EUI, 1, frame)), { action: 'store' }],
    ['a valid surrogate pair (emoji) in the device name', UP, json(chirpstackUp(EUI, 1, frame, { deviceInfo: { devEui: EUI, deviceName: 'kelder \ud83d\udca7' } })), { action: 'store' }],
    ['a topic that is not an event topic', `application/app-1/device/${EUI}/command/down`, json({}), { action: 'ignore' }],
    ['an event the portal does not use', `application/app-1/device/${EUI}/event/location`, json({}), { action: 'ignore' }],
    ['a body that is not JSON', UP, Buffer.from('{"deviceInfo":'), { action: 'refuse', reason: 'not JSON' }],
    ['a NUL in deviceInfo.applicationId', UP, json(chirpstackUp(EUI, 1, frame, { deviceInfo: { devEui: EUI, applicationId: 'a\u0000' } })), { action: 'refuse', reason: 'deviceInfo.applicationId holds characters that cannot be stored' }],
    ['a lone high surrogate in a gateway id', UP, json(chirpstackUp(EUI, 1, frame, { rxInfo: [{ gatewayId: 'gw\ud800' }] })), { action: 'refuse', reason: 'rxInfo.0.gatewayId holds characters that cannot be stored' }],
    ['a lone low surrogate in a log description', LOG, json({ deviceInfo: { devEui: EUI }, level: 'ERROR', description: '\udc00' }), { action: 'refuse', reason: 'description holds characters that cannot be stored' }],
    ['a NUL in a key of an unused field', UP, json(chirpstackUp(EUI, 1, frame, { object: { 'x\u0000': 1 } })), { action: 'refuse', reason: 'object.x\u0000 holds characters that cannot be stored' }],
    ['a malformed devEui', UP, json({ deviceInfo: { devEui: '70b3' } }), { action: 'refuse', reason: 'malformed event: deviceInfo.devEui: must be 16 hexadecimal characters' }],
  ])('%s', (_what, topic, payload, expected) => {
    expect(readMqttEvent(topic, payload)).toMatchObject(expected);
  });
});
