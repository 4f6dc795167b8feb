import type { TUplinkMessage } from './types';

/**
 * The JSON stored in device_data.value, in the shapes the demo history uses
 * (apps/server/src/demo/history.ts): temperature { timestamp, temperature1..n }, battery
 * { timestamp, voltage }, flush { timestamp, before, after, channel }; and for the others
 * overflow { timestamp, resistance, detected }, parameters { registers }, version { major, minor, patch }.
 */
export function historyValue(message: TUplinkMessage): Record<string, unknown> {
  switch (message.kind) {
    case 'temperature':
      return {
        timestamp: message.timestamp,
        ...Object.fromEntries(message.temperatures.map((value, i) => [`temperature${i + 1}`, value])),
      };
    case 'battery':
      return { timestamp: message.timestamp, voltage: message.voltage };
    case 'flush':
      return { timestamp: message.timestamp, before: message.before, after: message.after, channel: message.channel };
    case 'overflow':
      return { timestamp: message.timestamp, resistance: message.resistance, detected: message.detected };
    case 'parameters':
      return { registers: message.registers };
    case 'version':
      return { ...message.version };
  }
}
