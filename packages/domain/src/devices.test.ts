import { describe, expect, it } from 'vitest';
import { defaultChannels, inputChannelName, normalizeEui, ZDeviceCreate, zDeviceVersion, zEui } from './devices';
import { networkServerConfigIssues, normalizeNetworkServerConfig } from './network-servers';

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0].message);

describe('EUI', () => {
  it.each([
    ['70b3d5499a000001', '70B3D5499A000001'],
    [' 70B3D5499A00000F ', '70B3D5499A00000F'],
  ])('%j -> %s', (value, expected) => expect(zEui().parse(value)).toBe(expected));

  it.each([
    ['', 'validation.required'],
    ['70b3d5499a00001', 'validation.eui'],
    ['70b3d5499a0000011', 'validation.eui'],
    ['70b3d5499a00000g', 'validation.eui'],
    ['70-b3-d5-49-9a-00-00-01', 'validation.eui'],
  ])('%j -> %s', (value, key) => expect(first(zEui().safeParse(value))).toBe(key));

  it('normalizeEui trims and upper-cases (ChirpStack sends lower case)', () => expect(normalizeEui(' 0a0b ')).toBe('0A0B'));
});

describe('version', () => {
  it.each([
    ['1', null],
    ['1.0', null],
    ['2.10.3', null],
    ['1.0.0.0', 'validation.version'],
    ['v1.0', 'validation.version'],
    ['', 'validation.required'],
  ])('%j -> %s', (value, key) => expect(first(zDeviceVersion().safeParse(value))).toBe(key));
});

describe('ZDeviceCreate', () => {
  it.each([
    ['V4', 'validation.unsupportedDeviceType'],
    ['v2', 'validation.unsupportedDeviceType'],
    [2, 'validation.unsupportedDeviceType'],
    ['', 'validation.required'],
    [undefined, 'validation.required'],
  ])('type %j -> %s', (type, key) => {
    const result = ZDeviceCreate.safeParse({ eui: '70b3d5499a000001', type, version: '1.0', networkServer: 'CS' });
    expect(result.success ? null : result.error.issues.find((issue) => issue.path[0] === 'type')?.message).toBe(key);
  });
  it('defaults the encryption mode to NS', () => {
    expect(ZDeviceCreate.parse({ eui: '70b3d5499a000001', type: 'V3', version: '1.0', networkServer: 'CS' }).encryptionMode).toBe('NS');
  });
});

describe('defaultChannels', () => {
  it.each([
    ['V1', ['temperature1', 'battery1', 'flush1']],
    ['V2', ['temperature1', 'temperature2', 'temperature3', 'battery1', 'flush1']],
    ['V3', ['temperature1', 'temperature2', 'battery1']],
  ] as const)('%s', (type, ids) => expect(defaultChannels(type).map((channel) => channel.id)).toEqual(ids));
});

describe('inputChannelName: the name an input of the settings shows', () => {
  const channels = [
    { id: 'temperature1', name: 'Aanvoer' },
    { id: 'temperature2', name: '  ' },
    { id: 'battery1', name: 'Batterij' },
    { id: 'temperature3', name: ' Koud water ' },
  ];
  it.each([
    [0, 'Aanvoer'],
    [1, null], // a blank name: "Ingang 2"
    [2, 'Koud water'],
    [3, null], // no temperature4
  ])('input %i -> %j', (index, name) => expect(inputChannelName(channels, index)).toBe(name));
  it('no channels at all', () => expect(inputChannelName([], 0)).toBeNull());
});

describe('network server config', () => {
  it.each([
    ['chirpstack', {}, ['config.apiUrl', 'config.apiToken']],
    ['chirpstack', { apiUrl: 'https://cs', apiToken: 't' }, []],
    ['chirpstack', { mqttUrl: 'mqtts://broker:8883', applicationId: 'a' }, []],
    ['chirpstack', { mqttUrl: 'mqtt://broker' }, ['config.applicationId']],
    ['chirpstack', { apiToken: 't', mqttUrl: 'mqtt://b', applicationId: 'a' }, ['config.apiUrl']],
    ['chirpstack', { apiUrl: '  ', apiToken: '', mqttUrl: 'mqtt://b', applicationId: 'a' }, []],
    ['tts', { baseUrl: 'https://eu1.cloud.thethings.network', applicationId: 'a', webhookId: 'w', apiKey: 'k' }, []],
    ['tts', { baseUrl: 'eu1.cloud.thethings.network', applicationId: 'a', webhookId: 'w', apiKey: 'k' }, ['config.baseUrl']],
  ] as const)('%s %j -> %j', (kind, config, paths) => {
    expect(Object.keys(networkServerConfigIssues(kind, config))).toEqual(paths);
  });

  it('keeps only the kind\'s own keys, trimmed', () => {
    expect(normalizeNetworkServerConfig('tts', { apiUrl: 'x', baseUrl: ' https://t ', applicationId: 'a', apiKey: '' })).toEqual({ baseUrl: 'https://t', applicationId: 'a' });
  });
});
