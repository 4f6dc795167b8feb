import { z } from 'zod';

/**
 * What the portal keeps of the gateways that hear the nodes (docs/gateways.md): each registered
 * gateway's last-seen time and the nodes it heard, with the last time, RSSI and SNR of each.
 */

const MAC_PATTERN = /^[0-9a-f]{16}$/;

/**
 * A network server's id of a gateway as the MAC the portal registers (16 lower-case hex
 * characters, `gateways.mac`), or null when the id is no EUI-64. ChirpStack v4 sends the EUI in
 * lower case (`7076ff0056000001`); The Things Stack sends `gateway_ids.eui` in upper case and a
 * chosen `gateway_id`, by default `eui-7076ff0056000001`. Separators (`70:76:ff:...`, `70-76-...`)
 * are dropped, case is ignored.
 */
export function gatewayMacOf(id: string | null | undefined): string | null {
  if (!id) return null;
  const hex = id
    .trim()
    .toLowerCase()
    .replace(/^eui-/, '')
    .replace(/[:\-\s]/g, '');
  return MAC_PATTERN.test(hex) ? hex : null;
}

/** The default time after which a registered gateway that was not heard is offline (GATEWAY_OFFLINE_AFTER). */
export const DEFAULT_GATEWAY_OFFLINE_AFTER_MS = 2 * 3_600_000;

/**
 * The gateway-offline rule: offline when its last-seen time, or when it was never heard the time
 * from which it is expected to be heard (its registration, a new MAC, or the migration that began
 * keeping gateway times), lies more than `offlineAfterMs` before now. Exactly at the bound it is
 * still online.
 */
export function isGatewayOffline(gateway: { lastSeenMs: number | null; watchedSinceMs: number }, nowMs: number, offlineAfterMs = DEFAULT_GATEWAY_OFFLINE_AFTER_MS): boolean {
  return nowMs - (gateway.lastSeenMs ?? gateway.watchedSinceMs) > offlineAfterMs;
}

/** A node a gateway heard (GET .../gateways/{gateway}/heard), latest first. */
export const ZGatewayHeardNode = z.object({
  eui: z.string(),
  name: z.string(),
  customer: z.string().nullable(),
  location: z.string().nullable(),
  lastHeardAt: z.string(),
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
});
export type TGatewayHeardNode = z.infer<typeof ZGatewayHeardNode>;

/** A gateway that heard a node (GET /devices/{eui}/gateways), latest first. */
export const ZDeviceHeardGateway = z.object({
  name: z.string(),
  mac: z.string(),
  customer: z.string(),
  location: z.string(),
  lastHeardAt: z.string(),
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
});
export type TDeviceHeardGateway = z.infer<typeof ZDeviceHeardGateway>;
