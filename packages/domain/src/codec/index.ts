/** Payload codec of the Aquasmart nodes (docs/payload-format.md). */
export { decodeUplink, encodeUplink, deviceTypeFromUplink, messageIdOf } from './uplink';
export { decodeDownlink, encodeDownlink } from './downlink';
export { historyValue } from './history';
export { CONNECTORS, CONNECTOR_VERSION, connectorFor, findConnector } from './connectors';
export { CodecRangeError } from './fields';
export { MAX_FLUSH_PERIODS } from './registers';
export { MAX_DOWNLINK_BYTES, SETTINGS_FPORT } from './profiles';
export { toHex, fromHex } from './bytes';
export type { TConnector, TDecodeResult, TDownlinkDecodeResult, TFrame, TRegisterValue, TUplinkKind, TUplinkMessage } from './types';
export { ZConnector, ZConnectorMessage, ZConnectorField, ZConnectorProjected, CONNECTOR_PROJECTION_FIELDS } from './connector-schema';
