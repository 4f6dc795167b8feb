import { describe, expect, it } from 'vitest';
import { QueryError } from './query-error';
import { applyProjection, parseProjection, projectableFields, selectionFor } from './projection';
import { itemFields, items } from './query-items.fixture';

const FIELDS = ['id', 'name', 'customer', 'calibration.interval', 'calibration.logs', 'lora.state', 'lora.rssi', 'parameters'];
const DEFAULTS = ['id', 'name', 'customer', 'calibration.interval', 'lora.state', 'lora.rssi'];

describe('parseProjection', () => {
  const cases: [string, string | undefined, string[]][] = [
    ['absent: the defaults', undefined, DEFAULTS],
    ['blank: the defaults', '   ', DEFAULTS],
    ['inclusion', 'name id', ['id', 'name']],
    ['inclusion outside the defaults', 'parameters', ['parameters']],
    ['parent path includes its children', 'calibration', ['calibration.interval', 'calibration.logs']],
    ['dotted path', 'lora.state', ['lora.state']],
    ['commas and repeated spaces', 'id,name  lora.rssi', ['id', 'name', 'lora.rssi']],
    ['duplicates', 'id id', ['id']],
    ['exclusion from the defaults', '-customer -lora', ['id', 'name', 'calibration.interval']],
    ['excluding a field outside the defaults', '-parameters', DEFAULTS],
    ['excluding a dotted path', '-lora.rssi', ['id', 'name', 'customer', 'calibration.interval', 'lora.state']],
    ['exclusion inside an included parent', 'id calibration -calibration.logs', ['id', 'calibration.interval']],
    ['excluding everything', '-id -name -customer -calibration -lora', []],
    ['-_id beside inclusions (the one mix allowed), also where there is no _id', '-_id name', ['name']],
  ];
  it.each(cases)('%s', (_name, raw, expected) => {
    expect(parseProjection(raw, FIELDS, DEFAULTS)).toEqual(expected);
  });

  it('-_id beside inclusions removes _id where the resource has one', () => {
    expect(parseProjection('-_id eui', ['_id', 'eui', 'name'])).toEqual(['eui']);
    expect(parseProjection('eui _id', ['_id', 'eui', 'name'])).toEqual(['_id', 'eui']);
  });

  it('without defaults, everything projectable', () => {
    expect(parseProjection(undefined, FIELDS)).toEqual(FIELDS);
    expect(parseProjection('-parameters', FIELDS)).toEqual(FIELDS.slice(0, -1));
  });

  const refused: [string, string, string][] = [
    ['unknown field', 'password', 'errors.unknownField'],
    ['unknown excluded field', '-password', 'errors.unknownField'],
    ['below a projectable path', 'parameters.status', 'errors.unknownField'],
    ['prefix that is not a parent', 'calib', 'errors.unknownField'],
    ['prototype key', '__proto__', 'errors.unknownField'],
    ['constructor', 'constructor', 'errors.unknownField'],
    ['mixing inclusion and exclusion', 'id -name', 'errors.invalidProjection'],
    ['exclusion outside the included parent', 'calibration -lora.state', 'errors.invalidProjection'],
    ['lone dash', 'id -', 'errors.invalidProjection'],
    ['double dash', '--id', 'errors.invalidProjection'],
    ['SQL', 'id;drop table users', 'errors.invalidProjection'],
    ['quotes', '"id"', 'errors.invalidProjection'],
    ['empty path segment', 'lora..state', 'errors.invalidProjection'],
    ['trailing dot', 'lora.', 'errors.invalidProjection'],
    ['too long', 'id '.repeat(1000), 'errors.invalidProjection'],
  ];
  it.each(refused)('refuses %s', (_name, raw, key) => {
    expect(() => parseProjection(raw, FIELDS, DEFAULTS)).toThrow(QueryError);
    expect(() => parseProjection(raw, FIELDS, DEFAULTS)).toThrow(expect.objectContaining({ key, statusCode: 400 }));
  });
});

describe('applyProjection', () => {
  const device = {
    id: 7,
    name: 'Pomp 1',
    customer: null,
    calibration: { interval: 30, logs: [{ ts: 1 }], state: { busy: false } },
    lora: { state: 'joined', rssi: -80 },
    channels: [
      { nr: 1, value: 21.5, ts: 10 },
      { nr: 2, value: 55, ts: 11 },
    ],
  };

  it('picks top-level fields, keeping null values', () => {
    expect(applyProjection(device, ['id', 'customer'])).toEqual({ id: 7, customer: null });
  });

  it('a parent path keeps the whole sub-object', () => {
    expect(applyProjection(device, ['calibration'])).toEqual({ calibration: device.calibration });
  });

  it('dotted paths build the nested shape', () => {
    expect(applyProjection(device, ['calibration.interval', 'calibration.state.busy', 'lora.rssi'])).toEqual({
      calibration: { interval: 30, state: { busy: false } },
      lora: { rssi: -80 },
    });
  });

  it('a parent path wins over its children, in any order', () => {
    expect(applyProjection(device, ['lora.state', 'lora'])).toEqual({ lora: device.lora });
    expect(applyProjection(device, ['lora', 'lora.state'])).toEqual({ lora: device.lora });
  });

  it('paths through arrays apply to each element', () => {
    expect(applyProjection(device, ['channels.value', 'channels.nr'])).toEqual({
      channels: [
        { nr: 1, value: 21.5 },
        { nr: 2, value: 55 },
      ],
    });
  });

  it('applies to a list of objects', () => {
    expect(applyProjection([device, { id: 8 }], ['id', 'lora.state'])).toEqual([{ id: 7, lora: { state: 'joined' } }, { id: 8 }]);
  });

  it('missing paths stay missing; a null parent stays null; primitives are not walked into', () => {
    expect(applyProjection(device, ['nothing', 'customer.name', 'name.length'])).toEqual({ customer: null });
  });

  it('does not touch the input', () => {
    const copy = structuredClone(device);
    applyProjection(device, ['calibration.interval']);
    expect(device).toEqual(copy);
  });

  it('never follows or writes prototype keys', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "id": 1}') as Record<string, unknown>;
    const out = applyProjection(hostile, ['__proto__.polluted', 'constructor', 'id', 'toString']) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(Object.keys(out).sort()).toEqual(['__proto__', 'id']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(applyProjection({ id: 1 }, ['constructor']), 'constructor')).toBe(false);
  });
});

describe('selectionFor', () => {
  it('nests dotted paths and uses the select expression', () => {
    const selection = selectionFor(['id', 'calibration.interval', 'lora.state'], itemFields);
    expect(Object.keys(selection)).toEqual(['id', 'calibration', 'lora']);
    expect(selection.id).toBe(items.id);
    expect(selection.calibration).toEqual({ interval: itemFields['calibration.interval'].select });
    expect(selection.lora).toEqual({ state: itemFields['lora.state'].sql });
  });

  it('skips fields that cannot be selected', () => {
    expect(selectionFor(['secret', 'unknown', '__proto__'], itemFields)).toEqual({});
    expect(projectableFields(itemFields)).not.toContain('secret');
  });
});
