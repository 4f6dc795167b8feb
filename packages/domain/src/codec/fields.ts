import { WIRE_RANGE, type ByteReader, type ByteWriter } from './bytes';

/**
 * Field layouts of the settings registers, shared by the downlinks that write registers and the
 * parameter report that reads them back (docs/payload-format.md, "Register encoding").
 *
 * - number: an integer on the wire; value = wire * factor / divisor (tenths of a degree: divisor
 *   10; millivolts: divisor 1000; valve pulse in steps of 5 ms: factor 5). The range is checked
 *   in value units on encode and on decode.
 * - enum:   one byte, the index in `values`.
 * - days:   one byte, bit 0 = monday ... bit 6 = sunday.
 * - record: with `partial`, a presence mask first (bit i of the mask = field i present; one byte
 *   per 8 fields), then the present fields in order, so a downlink can change a few fields only
 *   (the registration presets do). Without `partial` every field is required and there is no mask.
 * - list:   one count byte (at most `max`), then the items.
 */
export type TField =
  | {
      kind: 'number';
      wire: 'u8' | 'u16' | 'i16';
      min: number;
      max: number;
      factor?: number;
      divisor?: number;
      unit?: string;
      description: string;
    }
  | { kind: 'enum'; values: readonly string[]; description: string }
  | { kind: 'days'; description: string }
  | { kind: 'record'; partial: boolean; fields: readonly (readonly [string, TField])[]; description?: string }
  | { kind: 'list'; item: TField; max: number; description: string };

export const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** A register value that does not fit its layout: `path` names the field (e.g. inputs[1].lowAlarm). */
export class CodecRangeError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'CodecRangeError';
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resolutionRule(field: Extract<TField, { kind: 'number' }>): string {
  const factor = field.factor ?? 1;
  const divisor = field.divisor ?? 1;
  if (factor !== 1) return `a multiple of ${factor}`;
  if (divisor === 1) return 'an integer';
  return `at most ${Math.round(Math.log10(divisor))} decimal(s)`;
}

function encodeNumber(field: Extract<TField, { kind: 'number' }>, value: unknown, path: string, out: ByteWriter): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new CodecRangeError(path, `${typeof value === 'number' ? value : JSON.stringify(value)} is not a number`);
  if (value < field.min || value > field.max) throw new CodecRangeError(path, `${value} is outside ${field.min} to ${field.max}`);
  const exact = (value * (field.divisor ?? 1)) / (field.factor ?? 1);
  const wire = Math.round(exact);
  // The tolerance absorbs binary fractions such as 3.1 * 1000 = 3100.0000000000005.
  if (Math.abs(exact - wire) > 1e-6) throw new CodecRangeError(path, `${value} must be ${resolutionRule(field)}`);
  const [low, high] = WIRE_RANGE[field.wire];
  if (wire < low || wire > high) throw new CodecRangeError(path, `${value} does not fit in ${field.wire}`);
  out[field.wire](wire);
}

function decodeNumber(field: Extract<TField, { kind: 'number' }>, input: ByteReader, path: string): number {
  const wire = input[field.wire]();
  const value = (wire * (field.factor ?? 1)) / (field.divisor ?? 1);
  if (value < field.min || value > field.max) throw new CodecRangeError(path, `${value} is outside ${field.min} to ${field.max}`);
  return value;
}

function maskBytes(fieldCount: number): number {
  return Math.ceil(fieldCount / 8);
}

function encodeRecord(field: Extract<TField, { kind: 'record' }>, value: unknown, path: string, out: ByteWriter): void {
  if (!isPlainObject(value)) throw new CodecRangeError(path, 'must be an object');
  const known = new Set(field.fields.map(([name]) => name));
  const unknown = Object.keys(value).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new CodecRangeError(path, `unknown field(s) ${unknown.join(', ')}`);
  const present = field.fields.map(([name]) => value[name] !== undefined);
  if (field.partial) {
    if (!present.includes(true)) throw new CodecRangeError(path, 'no fields');
    for (let byte = 0; byte < maskBytes(field.fields.length); byte += 1) {
      let mask = 0;
      for (let bit = 0; bit < 8; bit += 1) if (present[byte * 8 + bit]) mask |= 1 << bit;
      out.u8(mask);
    }
  } else {
    const missing = field.fields.filter((_entry, i) => !present[i]).map(([name]) => name);
    if (missing.length > 0) throw new CodecRangeError(path, `missing field(s) ${missing.join(', ')}`);
  }
  field.fields.forEach(([name, child], i) => {
    if (present[i]) encodeField(child, value[name], `${path}.${name}`, out);
  });
}

function decodeRecord(field: Extract<TField, { kind: 'record' }>, input: ByteReader, path: string): Record<string, unknown> {
  let present = field.fields.map(() => true);
  if (field.partial) {
    const masks = Array.from({ length: maskBytes(field.fields.length) }, () => input.u8());
    present = field.fields.map((_entry, i) => ((masks[i >> 3] >> (i & 7)) & 1) === 1);
    const used = present.filter(Boolean).length;
    const set = masks.reduce((count, mask) => count + popcount(mask), 0);
    if (set !== used) throw new CodecRangeError(path, 'presence mask names fields that do not exist');
    if (used === 0) throw new CodecRangeError(path, 'no fields');
  }
  const value: Record<string, unknown> = {};
  field.fields.forEach(([name, child], i) => {
    if (present[i]) value[name] = decodeField(child, input, `${path}.${name}`);
  });
  return value;
}

function popcount(byte: number): number {
  let count = 0;
  for (let bits = byte; bits !== 0; bits >>= 1) count += bits & 1;
  return count;
}

export function encodeField(field: TField, value: unknown, path: string, out: ByteWriter): void {
  switch (field.kind) {
    case 'number':
      return encodeNumber(field, value, path, out);
    case 'enum': {
      const index = typeof value === 'string' ? field.values.indexOf(value) : -1;
      if (index < 0) throw new CodecRangeError(path, `${JSON.stringify(value)} is not one of ${field.values.join(', ')}`);
      out.u8(index);
      return;
    }
    case 'days': {
      if (!isPlainObject(value)) throw new CodecRangeError(path, 'must be an object of the seven days');
      const unknown = Object.keys(value).filter((key) => !(DAY_NAMES as readonly string[]).includes(key));
      if (unknown.length > 0) throw new CodecRangeError(path, `unknown field(s) ${unknown.join(', ')}`);
      let mask = 0;
      DAY_NAMES.forEach((day, bit) => {
        if (typeof value[day] !== 'boolean') throw new CodecRangeError(`${path}.${day}`, 'must be true or false');
        if (value[day]) mask |= 1 << bit;
      });
      out.u8(mask);
      return;
    }
    case 'record':
      return encodeRecord(field, value, path, out);
    case 'list': {
      if (!Array.isArray(value)) throw new CodecRangeError(path, 'must be a list');
      if (value.length > field.max) throw new CodecRangeError(path, `${value.length} entries, at most ${field.max}`);
      out.u8(value.length);
      value.forEach((item, i) => encodeField(field.item, item, `${path}[${i}]`, out));
      return;
    }
  }
}

export function decodeField(field: TField, input: ByteReader, path: string): unknown {
  switch (field.kind) {
    case 'number':
      return decodeNumber(field, input, path);
    case 'enum': {
      const index = input.u8();
      if (index >= field.values.length) throw new CodecRangeError(path, `${index} is not a known value (0 to ${field.values.length - 1})`);
      return field.values[index];
    }
    case 'days': {
      const mask = input.u8();
      if (mask > 0x7f) throw new CodecRangeError(path, 'bit 7 of the day mask is set');
      return Object.fromEntries(DAY_NAMES.map((day, bit) => [day, ((mask >> bit) & 1) === 1]));
    }
    case 'record':
      return decodeRecord(field, input, path);
    case 'list': {
      const count = input.u8();
      if (count > field.max) throw new CodecRangeError(path, `${count} entries, at most ${field.max}`);
      return Array.from({ length: count }, (_item, i) => decodeField(field.item, input, `${path}[${i}]`));
    }
  }
}

/** Size in bytes of a value when every optional field is present and lists are full. */
export function maxSize(field: TField): number {
  switch (field.kind) {
    case 'number':
      return field.wire === 'u8' ? 1 : 2;
    case 'enum':
    case 'days':
      return 1;
    case 'record':
      return (field.partial ? maskBytes(field.fields.length) : 0) + field.fields.reduce((sum, [, child]) => sum + maxSize(child), 0);
    case 'list':
      return 1 + field.max * maxSize(field.item);
  }
}
