import { isFaultyReading, isTemperatureChannelActive, nodeFunctions, type TDashboardListRow } from '@aquasmart/domain';

/**
 * The channels that make a node a faulty-sensor row (docs/dashboard.md): its active temperature
 * channels reading -100 or lower, by number (the list's "Temp n" columns) and name ("Warm water"),
 * so the list says which sensor to check, also on a phone where the temperature columns do not fit.
 */
export function faultyChannels(row: Pick<TDashboardListRow, 'type' | 'channels' | 'sipp'>): { number: number; name: string }[] {
  const functions = nodeFunctions(row.type, row.sipp.parameters);
  return row.channels
    .filter((channel) => /^temperature\d$/.test(channel.id) && isTemperatureChannelActive(functions, channel.id) && isFaultyReading(channel.value))
    .map((channel) => ({ number: Number(channel.id.slice(-1)), name: channel.name === channel.id ? '' : channel.name }));
}
