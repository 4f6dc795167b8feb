/**
 * Signal level 0-4 of a device from the RSSI (dBm) and SNR (dB) of its last uplink, as written
 * in docs/telemetry.md: RSSI >= -85 is 4, >= -95 is 3, >= -105 is 2, >= -112 is 1, lower 0; an
 * SNR below -5 dB (close to the demodulation floor) takes one level off. The demo data uses the
 * same thresholds.
 */
export const SIGNAL_RSSI_STEPS = [-85, -95, -105, -112] as const;
export const SIGNAL_WEAK_SNR = -5;

export function signalLevel(rssi: number | undefined, snr: number | undefined): number {
  if (rssi === undefined) return 0;
  const below = SIGNAL_RSSI_STEPS.findIndex((step) => rssi >= step);
  let level = below === -1 ? 0 : 4 - below;
  if (snr !== undefined && snr < SIGNAL_WEAK_SNR && level > 0) level -= 1;
  return level;
}
