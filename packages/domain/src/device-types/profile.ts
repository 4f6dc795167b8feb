import type { TDeviceType } from '../constants';
import type { TField } from '../codec/fields';

/**
 * Everything that differs between node types, in one table per type (docs/architecture.md,
 * "Adding a node type"): the codec (message ids, register layouts), the channels, where each
 * kind of setting lives and what the node does. Channels, registration presets, node functions
 * (also as SQL), setting rules and groups, and the settings screen are derived from it.
 */
export interface TDeviceProfile {
  type: TDeviceType;
  /** Temperature inputs: channels temperature1..N, inputs 0..N-1. */
  temperatureChannels: number;
  /** Uplink message ids; flush and overflow only where the node has a faucet and water detection. */
  messageIds: { temperature: number; battery: number; flush?: number; overflow?: number; parameters: number; version: number };
  /** Register number -> its layout on the wire (a partial record: a downlink may carry some fields only). */
  registers: Readonly<Record<number, Extract<TField, { kind: 'record' }>>>;
  /** The register with the measuring settings: log and measure interval and the inputs' modes. */
  systemRegister: number;
  /**
   * How the inputs' measure modes and alarms are held: one `mode` in the system register (one
   * input, no alarms), or an `inputs[]` list there, with turn-on/turn-off times for flow switches.
   */
  inputs: { kind: 'mode' } | { kind: 'list'; turnTimes: boolean };
  /** The faucet, if any: its register (flushing, water detection) and its flush periods. */
  flush: {
    register: number;
    /** A stop temperature besides the start temperature. */
    stopThreshold: boolean;
    /** Where the periods are; weekly periods have weekdays and their own flush count (else the register's flushCycles counts). */
    periods: { register: number; weekly: boolean };
  } | null;
  /** Field names of the register-1 settings, which firmware generations spell differently. */
  fieldNames: { sendInterval: string; calibrationDuration: string };
}
