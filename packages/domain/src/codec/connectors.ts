import { DEVICE_TYPES, type TDeviceType } from '../constants';
import type { TField } from './fields';
import { PROFILES, SETTINGS_FPORT } from './profiles';
import type { TConnector, TDeviceProfile, TUplinkKind } from './types';

/**
 * The connectors catalogue (GET /connectors/{id}/{version}): what each device type's codec
 * sends and accepts. Each device row points at its connector (devices.connector_id and
 * connector_version; the demo uses these ids and version '1').
 */

export const CONNECTOR_VERSION = '1';

type TConnectorField = TConnector['messages'][number]['fields'][number];

const field = (name: string, description: string, unit?: string): TConnectorField => (unit ? { name, unit, description } : { name, description });

function temperatureFields(count: number): TConnectorField[] {
  return Array.from({ length: count }, (_t, i) => field(`temperature${i + 1}`, 'signed 16-bit tenths of a degree; -102.4 = no sensor', '°C'));
}

const TIMESTAMP = field('timestamp', 'unsigned 32-bit seconds since 1970-01-01 UTC, when measured', 's');

function uplinkFields(profile: TDeviceProfile, kind: TUplinkKind): TConnectorField[] {
  switch (kind) {
    case 'temperature':
      return [TIMESTAMP, ...temperatureFields(profile.temperatureChannels)];
    case 'battery':
      return [TIMESTAMP, field('voltage', 'unsigned 16-bit millivolts', 'V')];
    case 'flush':
      return [
        TIMESTAMP,
        field('channel', `unsigned 8-bit, temperature channel 1-${profile.temperatureChannels}`),
        field('before', 'signed 16-bit tenths of a degree, before the flush', '°C'),
        field('after', 'signed 16-bit tenths of a degree, after the flush', '°C'),
      ];
    case 'overflow':
      return [
        TIMESTAMP,
        field('resistance', 'unsigned 32-bit tenths of an ohm, measured by the water detection', 'Ω'),
        field('detected', 'unsigned 8-bit, 1 = water detected, 0 = not'),
      ];
    case 'parameters':
      return registerFields(profile);
    case 'version':
      return [field('major', 'unsigned 8-bit'), field('minor', 'unsigned 8-bit'), field('patch', 'unsigned 8-bit')];
  }
}

/** Leaf fields of a layout with dotted names (inputs[].lowAlarm). */
function leaves(layout: TField, name: string): TConnectorField[] {
  switch (layout.kind) {
    case 'record':
      return layout.fields.flatMap(([child, childLayout]) => leaves(childLayout, name ? `${name}.${child}` : child));
    case 'list':
      return leaves(layout.item, `${name}[]`);
    case 'number':
      return [field(name, layout.description, layout.unit)];
    default:
      return [field(name, layout.description)];
  }
}

function registerFields(profile: TDeviceProfile): TConnectorField[] {
  return Object.entries(profile.registers).flatMap(([register, layout]) => leaves(layout, `register${register}`));
}

function buildConnector(type: TDeviceType): TConnector {
  const profile = PROFILES[type];
  const uplinks = (Object.entries(profile.messageIds) as [TUplinkKind, number | undefined][])
    .filter((entry): entry is [TUplinkKind, number] => entry[1] !== undefined)
    .map(([kind, id]) => ({ id, name: kind, fPort: id, direction: 'up' as const, fields: uplinkFields(profile, kind) }));
  const settings = { id: SETTINGS_FPORT, name: 'settings', fPort: SETTINGS_FPORT, direction: 'down' as const, fields: registerFields(profile) };
  return { id: `aquasmart-${type.toLowerCase()}`, version: CONNECTOR_VERSION, deviceType: type, messages: [...uplinks, settings] };
}

export const CONNECTORS: readonly TConnector[] = DEVICE_TYPES.map(buildConnector);

export function connectorFor(type: TDeviceType): TConnector {
  const connector = CONNECTORS.find((candidate) => candidate.deviceType === type);
  if (!connector) throw new Error(`no connector for device type ${String(type)}`);
  return connector;
}

/** The connector with this id and version, or undefined. */
export function findConnector(id: string, version: string): TConnector | undefined {
  return CONNECTORS.find((connector) => connector.id === id && connector.version === version);
}
