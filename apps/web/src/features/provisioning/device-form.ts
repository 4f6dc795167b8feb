import { DEFAULT_ENCRYPTION_MODE, ZDeviceCreate, type TDeviceCreate, type TDeviceType, type TEncryptionMode } from '@aquasmart/domain';

/**
 * The form that provisions one device (docs/telemetry.md, "Provisioning devices"): the
 * server's own schema (EUI of 16 hex characters, type V1/V2/V3, firmware version, network
 * server, encryption mode NS or APP).
 */
export const ZDeviceForm = ZDeviceCreate;

export interface TDeviceFormValues {
  eui: string;
  /** Not chosen yet on a new form. */
  type: TDeviceType | undefined;
  version: string;
  networkServer: string;
  encryptionMode: TEncryptionMode;
}

export const DEVICE_FORM_FIELDS = ['eui', 'type', 'version', 'networkServer', 'encryptionMode'];

export function emptyDeviceForm(networkServer = ''): TDeviceFormValues {
  return { eui: '', type: undefined, version: '', networkServer, encryptionMode: DEFAULT_ENCRYPTION_MODE };
}

/** After a device is added the next one usually shares everything but its EUI. */
export function nextDeviceForm(added: TDeviceCreate): TDeviceFormValues {
  return { eui: '', type: added.type, version: added.version, networkServer: added.networkServer, encryptionMode: added.encryptionMode };
}
