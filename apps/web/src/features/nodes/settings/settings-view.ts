import {
  ALARM_OFF,
  hasTurnTimes,
  isDeviceType,
  PROFILES,
  INPUT_COUNT,
  INPUT_UNITS,
  INPUTS_REGISTER,
  inputChannelName,
  isSettingOff,
  PERIODS_REGISTER,
  periodToLocal,
  settingsOf,
  WEEKDAYS,
  type TDaysEnabled,
  type TDeviceType,
  type TSetting,
  type TSettingUnit,
} from '@aquasmart/domain';

/**
 * What the #settings tab shows of a node's registers (docs/node-settings.md, "Screens"): per
 * register its status (saved, pending since, or incorrect when the node reports other values) and
 * its settings in plain words, each with what the node reported when that differs.
 */
export type TShown =
  | { kind: 'unknown' }
  | { kind: 'number'; value: number; unit?: TSettingUnit; decimals: number }
  | { kind: 'onOff'; on: boolean }
  | { kind: 'mode'; mode: string }
  | { kind: 'period'; start: number; stop: number; flushCycles?: number; days?: TDaysEnabled };

export interface TSettingLine {
  /** i18n key of the label, e.g. nodeSettings.fields.logInterval. */
  label: string;
  labelParams?: Record<string, string | number>;
  shown: TShown;
  /** What the node reported, only when it differs from the saved value. */
  reported: TShown | null;
}

export interface TSettingGroup {
  title?: { key: string; params?: Record<string, string | number> };
  lines: TSettingLine[];
}

export type TRegisterStatus = 'saved' | 'pending' | 'incorrect';

export interface TRegisterView {
  register: number;
  /** i18n key of the register's name. */
  name: string;
  status: TRegisterStatus;
  updatedAt: string;
  groups: TSettingGroup[];
}

export interface TParameterRow {
  register: number;
  value: unknown;
  status: string;
  reported: unknown;
  updatedAt: string;
}

type TRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is TRecord => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A register's title, by what the type's profile keeps in it: V1/V2 send, measure, flush, periods; V3 system. */
function registerName(type: TDeviceType, register: number): string {
  const profile = PROFILES[type];
  if (register === profile.systemRegister) return register === 1 ? 'system' : 'measure';
  if (register === profile.flush?.register) return 'flush';
  if (register === profile.flush?.periods.register) return 'periods';
  return register === 1 ? 'send' : 'system';
}

function decimalsOf(setting: TSetting): number {
  return setting.rule?.decimals ?? 0;
}

function shownSetting(setting: TSetting, value: unknown): TShown {
  if (value === undefined || value === null) return { kind: 'unknown' };
  switch (setting.kind) {
    case 'flushToggle':
      return { kind: 'onOff', on: value === 1 };
    case 'overflowToggle':
      return { kind: 'onOff', on: typeof value === 'number' && value > 0 };
    case 'mode':
      return typeof value === 'string' ? { kind: 'mode', mode: value } : { kind: 'unknown' };
    case 'number':
      if (typeof value !== 'number') return { kind: 'unknown' };
      // A flush temperature at -102.4 is off: "Uit", not "-102,4 °C" (docs/node-settings.md, "Units and off").
      return isSettingOff(setting, value) ? { kind: 'onOff', on: false } : { kind: 'number', value, unit: setting.unit, decimals: decimalsOf(setting) };
  }
}

function shownAlarm(type: TDeviceType, value: unknown): TShown {
  if (typeof value !== 'number') return { kind: 'unknown' };
  return value === ALARM_OFF[type] ? { kind: 'onOff', on: false } : { kind: 'number', value, unit: INPUT_UNITS.lowAlarm, decimals: 1 };
}

function shownPlain(value: unknown, unit?: TSettingUnit): TShown {
  return typeof value === 'number' ? { kind: 'number', value, unit, decimals: 0 } : { kind: 'unknown' };
}

function line(label: string, shown: TShown, reportedShown: TShown | null, labelParams?: Record<string, string | number>): TSettingLine {
  const differs = reportedShown !== null && !same(shown, reportedShown);
  return { label, labelParams, shown, reported: differs ? reportedShown : null };
}

/** The channels of the node, for the inputs' names ("Aanvoer (ingang 1)"); none: "Ingang 1". */
export type TChannelNames = readonly { id: string; name?: string | null }[];

/** An input's title: its channel's name with the input's number, or "Ingang N" for a channel without a name. */
export function inputTitle(channels: TChannelNames, index: number): { key: string; params: Record<string, string | number> } {
  const name = inputChannelName(channels, index);
  return name === null ? { key: 'nodeSettings.input', params: { number: index + 1 } } : { key: 'nodeSettings.inputNamed', params: { number: index + 1, name } };
}

function inputGroups(type: TDeviceType, value: TRecord, reported: TRecord | null, channels: TChannelNames): TSettingGroup[] {
  const inputs = Array.isArray(value.inputs) ? value.inputs : [];
  const reportedInputs = reported && Array.isArray(reported.inputs) ? reported.inputs : null;
  const groups: TSettingGroup[] = [];
  for (let index = 0; index < Math.max(INPUT_COUNT[type], inputs.length); index++) {
    const input: TRecord = isRecord(inputs[index]) ? (inputs[index] as TRecord) : {};
    const was: TRecord | null = reportedInputs ? (isRecord(reportedInputs[index]) ? (reportedInputs[index] as TRecord) : {}) : null;
    const mode = (from: TRecord): TShown => (typeof from.mode === 'string' ? { kind: 'mode', mode: from.mode } : { kind: 'unknown' });
    const lines = [
      line('nodeSettings.inputFields.mode', mode(input), was && mode(was)),
      line('nodeSettings.inputFields.lowAlarm', shownAlarm(type, input.lowAlarm), was && shownAlarm(type, was.lowAlarm)),
      line('nodeSettings.inputFields.highAlarm', shownAlarm(type, input.highAlarm), was && shownAlarm(type, was.highAlarm)),
    ];
    if (hasTurnTimes(type)) {
      lines.push(
        line('nodeSettings.inputFields.turnOnTime', shownPlain(input.turnOnTime, INPUT_UNITS.turnOnTime), was && shownPlain(was.turnOnTime, INPUT_UNITS.turnOnTime)),
        line('nodeSettings.inputFields.turnOffTime', shownPlain(input.turnOffTime, INPUT_UNITS.turnOffTime), was && shownPlain(was.turnOffTime, INPUT_UNITS.turnOffTime)),
      );
    }
    groups.push({ title: inputTitle(channels, index), lines });
  }
  return groups;
}

function readDays(value: unknown): TDaysEnabled | undefined {
  if (!isRecord(value)) return undefined;
  return Object.fromEntries(WEEKDAYS.map((day) => [day, value[day] === true])) as TDaysEnabled;
}

function shownPeriods(value: unknown, offsetMinutes: number): TShown[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((period) => {
    const local = periodToLocal({ start: Number(period.start) || 0, stop: Number(period.stop) || 0, daysEnabled: readDays(period.daysEnabled) }, offsetMinutes);
    return { kind: 'period', start: local.start, stop: local.stop, flushCycles: typeof period.flushCycles === 'number' ? period.flushCycles : undefined, days: local.daysEnabled };
  });
}

function periodGroup(value: TRecord, reported: TRecord | null, offsetMinutes: number): TSettingGroup {
  const periods = shownPeriods(value['flush-periods'], offsetMinutes);
  const reportedPeriods = reported ? shownPeriods(reported['flush-periods'], offsetMinutes) : null;
  const count = Math.max(periods.length, reportedPeriods?.length ?? 0);
  const lines: TSettingLine[] = [];
  for (let index = 0; index < count; index++) {
    lines.push(line('nodeSettings.period', periods[index] ?? { kind: 'unknown' }, reportedPeriods ? (reportedPeriods[index] ?? { kind: 'unknown' }) : null, { number: index + 1 }));
  }
  return { title: { key: 'nodeSettings.periods' }, lines };
}

/**
 * The registers of a node as the tab shows them, in register order; `offsetMinutes` for period
 * times, `channels` for the inputs' names.
 */
export function registerViews(type: TDeviceType, parameters: readonly TParameterRow[], offsetMinutes: number, channels: TChannelNames = []): TRegisterView[] {
  return [...parameters]
    .sort((a, b) => a.register - b.register)
    .map((parameter) => {
      const value = isRecord(parameter.value) ? parameter.value : {};
      // A pending register is not judged: the node has not received it yet (docs/telemetry.md).
      const reported = parameter.status === 'saved' && isRecord(parameter.reported) ? parameter.reported : null;
      const settings = settingsOf(type).filter((setting) => setting.register(type) === parameter.register);
      const groups: TSettingGroup[] = [];
      const scalars = settings.map((setting) =>
        line(`nodeSettings.fields.${setting.id}`, shownSetting(setting, value[setting.field(type)]), reported && shownSetting(setting, reported[setting.field(type)])),
      );
      if (scalars.length) groups.push({ lines: scalars });
      if (INPUTS_REGISTER[type] === parameter.register) groups.push(...inputGroups(type, value, reported, channels));
      if (PERIODS_REGISTER[type] === parameter.register) groups.push(periodGroup(value, reported, offsetMinutes));
      const differs = groups.some((group) => group.lines.some((entry) => entry.reported !== null));
      const status: TRegisterStatus = parameter.status !== 'saved' ? 'pending' : differs ? 'incorrect' : 'saved';
      return { register: parameter.register, name: `nodeSettings.registerNames.${registerName(type, parameter.register)}`, status, updatedAt: parameter.updatedAt, groups };
    });
}

export type TSyncState = 'none' | 'pending' | 'saved' | 'incorrect';

/**
 * The node's settings state as the header says it: the server's sync (-1 none, 0 pending, 1 all
 * saved), except that a node whose registers are all saved but which reports other values for
 * one of them has incorrect settings (docs/node-settings.md, "Screens"). `incorrect` lists those
 * registers.
 */
export function syncStateOf(sync: number, type: TDeviceType | string, parameters: readonly TParameterRow[]): { state: TSyncState; incorrect: number[] } {
  if (sync === -1) return { state: 'none', incorrect: [] };
  if (sync === 0) return { state: 'pending', incorrect: [] };
  const incorrect = isDeviceType(type) ? registerViews(type, parameters, 0).filter((view) => view.status === 'incorrect').map((view) => view.register) : [];
  return { state: incorrect.length ? 'incorrect' : 'saved', incorrect };
}

export interface TSettingChange {
  /** i18n keys: the group's title (an input, the periods) when there is one, then the setting. */
  group?: { key: string; params?: Record<string, string | number> };
  label: string;
  labelParams?: Record<string, string | number>;
  before: TShown;
  after: TShown;
}

/**
 * A settings audit entry's changes (`"<register>.<field>": [before, after]`, docs/nodes.md "Audit
 * log") in the tab's words: one line per setting that differs, inputs per input and field, periods
 * per period (in local time, `offsetMinutes`).
 */
export function settingChanges(type: TDeviceType, changes: Record<string, unknown>, offsetMinutes: number, channels: TChannelNames = []): TSettingChange[] {
  const registers = new Map<number, { before: TRecord; after: TRecord }>();
  for (const [path, pair] of Object.entries(changes)) {
    const dot = path.indexOf('.');
    const register = Number(path.slice(0, dot));
    if (dot < 1 || !Number.isInteger(register) || !Array.isArray(pair) || pair.length !== 2) continue;
    const field = path.slice(dot + 1);
    const entry = registers.get(register) ?? { before: {}, after: {} };
    if (pair[0] !== null) entry.before[field] = pair[0];
    entry.after[field] = pair[1];
    registers.set(register, entry);
  }
  const rows: TParameterRow[] = [...registers].map(([register, { before, after }]) => ({ register, value: after, reported: before, status: 'saved', updatedAt: '' }));
  return registerViews(type, rows, offsetMinutes, channels).flatMap((view) =>
    view.groups.flatMap((group) =>
      group.lines
        .filter((entry) => entry.reported !== null)
        .map((entry) => ({ group: group.title?.key === 'nodeSettings.periods' ? undefined : group.title, label: entry.label, labelParams: entry.labelParams, before: entry.reported!, after: entry.shown })),
    ),
  );
}
