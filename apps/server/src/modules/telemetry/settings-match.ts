/**
 * Comparing register values: a reported register matches what the portal expects when every
 * field the portal set (a saved parameter, or a preset that names only some fields) has the same
 * value in the report. Numbers compare with a small tolerance (they travel as tenths).
 */
export function matchesExpected(expected: unknown, reported: unknown): boolean {
  if (typeof expected === 'number' && typeof reported === 'number') return Math.abs(expected - reported) < 1e-6;
  if (typeof expected === 'boolean' && typeof reported === 'number') return Number(expected) === reported;
  if (Array.isArray(expected)) {
    return Array.isArray(reported) && expected.length === reported.length && expected.every((item, index) => matchesExpected(item, reported[index]));
  }
  if (expected !== null && typeof expected === 'object') {
    if (reported === null || typeof reported !== 'object' || Array.isArray(reported)) return false;
    const fields = reported as Record<string, unknown>;
    return Object.entries(expected).every(([key, value]) => matchesExpected(value, fields[key]));
  }
  return expected === reported;
}

export interface TParameterState {
  register: number;
  value: unknown;
  status: string;
  reported: unknown;
}

/** -1 without parameters, 0 while one is not saved, 1 otherwise (docs/telemetry.md, "Processing and alarms": parameter report). */
export function syncOf(parameters: readonly TParameterState[]): number {
  if (parameters.length === 0) return -1;
  return parameters.some((parameter) => parameter.status !== 'saved') ? 0 : 1;
}

/**
 * Incorrect settings: a saved parameter whose last report differs from it, or (for a register the
 * portal has no parameter for) a report that differs from the device's presets. Pending
 * parameters are not judged: the device has not received them yet.
 */
export function hasIncorrectSettings(
  parameters: readonly TParameterState[],
  presets: readonly { register: number; value: unknown }[],
  report: readonly { register: number; value: unknown }[],
): boolean {
  const byRegister = new Map(parameters.map((parameter) => [parameter.register, parameter]));
  const savedWrong = parameters.some((p) => p.status === 'saved' && p.reported !== null && p.reported !== undefined && !matchesExpected(p.value, p.reported));
  const presetWrong = report.some((reported) => {
    if (byRegister.has(reported.register)) return false;
    const preset = presets.find((candidate) => candidate.register === reported.register);
    return preset !== undefined && !matchesExpected(preset.value, reported.value);
  });
  return savedWrong || presetWrong;
}
