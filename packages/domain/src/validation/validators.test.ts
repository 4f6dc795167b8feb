import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkNumber, zEmail, zMac, zNumber, zPassword, zRequiredText } from './validators';
import { issuesToFields } from './issues';
import { localizedParams, parseMessageKey } from './message-key';
import { checkRegisterValues } from '../settings/rules';

function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
}

describe('required text', () => {
  it.each([
    [undefined, 'validation.required'],
    [null, 'validation.required'],
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['Utrecht', null],
  ])('%j -> %s', (value, expected) => {
    expect(firstMessage(zRequiredText(), value)).toBe(expected);
  });

  it('trims', () => {
    expect(zRequiredText().parse('  Utrecht ')).toBe('Utrecht');
  });
});

describe('email', () => {
  it.each([
    ['', 'validation.required'],
    ['jan', 'validation.email'],
    ['jan@', 'validation.email'],
    ['jan@example', 'validation.email'],
    ['jan de@example.com', 'validation.email'],
    ['  jan@example.com ', null],
  ])('%j -> %s', (value, expected) => {
    expect(firstMessage(zEmail(), value)).toBe(expected);
  });
  it('trims', () => expect(zEmail().parse(' a@b.nl ')).toBe('a@b.nl'));
});

describe('mac', () => {
  it.each([
    ['0123456789abcdef', null],
    ['0123456789ABCDEF', null],
    ['0123456789abcde', 'validation.mac'],
    ['0123456789abcdefa', 'validation.mac'],
    ['0123456789abcdeg', 'validation.mac'],
    ['', 'validation.required'],
  ])('%j -> %s', (value, expected) => {
    expect(firstMessage(zMac(), value)).toBe(expected);
  });
});

describe('password', () => {
  it.each([
    ['', null],
    ['1234567', 'validation.password?min=8'],
    ['       ', 'validation.password?min=8'],
    ['        ', 'validation.guessablePassword'],
    ['\t\t\t\t\t\t\t\t\t', 'validation.guessablePassword'],
    ['12345678', 'validation.guessablePassword'],
    ['Password1', 'validation.guessablePassword'],
    [' Wachtwoord ', 'validation.guessablePassword'],
    ['Welkom123', 'validation.guessablePassword'],
    ['12345679', null],
    ['Wachtwoord-van-Piet', null],
    ['a b c d e', null],
  ])('%j -> %s', (value, expected) => {
    expect(firstMessage(zPassword(), value)).toBe(expected);
  });
});

describe('numbers', () => {
  it.each([
    [5, { min: 1, max: 60, integer: true }, null],
    [1, { min: 1, max: 60, integer: true }, null],
    [60, { min: 1, max: 60, integer: true }, null],
    [0, { min: 1, max: 60, integer: true }, 'validation.range?min=1&max=60'],
    [61, { min: 1, max: 60, integer: true }, 'validation.range?min=1&max=60'],
    [1.5, { min: 1, max: 60, integer: true }, 'validation.integer'],
    [2.55, { min: -102.4, max: 100, decimals: 1 }, 'validation.decimals?N=1'],
    [-102.4, { min: -102.4, max: 100, decimals: 1 }, null],
    [3.125, { min: 0, max: 5, decimals: 3 }, null],
    [1250, { min: 0, max: 1250, integer: true, multipleOf: 5 }, null],
    [1251, { min: 0, max: 1250, integer: true, multipleOf: 5 }, 'validation.range?min=0&max=1250'],
    [12, { min: 0, max: 1250, integer: true, multipleOf: 5 }, 'validation.multipleOf?N=5'],
    [Number.NaN, { min: 0, max: 1 }, 'validation.number'],
  ])('%d under %j -> %s', (value, rule, expected) => {
    expect(checkNumber(value, rule)).toBe(expected);
  });
});

describe('a number that is not a number', () => {
  const rule = { min: 1, max: 60, integer: true };
  it.each([
    ['a number sent as text', '10', 'validation.number'],
    ['a word', 'ten', 'validation.number'],
    ['true', true, 'validation.number'],
    ['a list', [10], 'validation.number'],
    ['missing', undefined, 'validation.required'],
    ['null', null, 'validation.required'],
    ['a number', 10, null],
  ])('%s -> %s', (_name, value, expected) => {
    expect(firstMessage(zNumber(rule), value)).toBe(expected);
  });
  it('the settings check names the field of a log interval sent as text', () => {
    expect(checkRegisterValues('V2', [{ register: 2, value: { logInterval: '10' } }])).toEqual({ '0.value.logInterval': 'validation.number' });
  });
});

describe('message parameters in the reader\'s language', () => {
  it.each([
    ['nl', { min: '-102.4', max: '100' }, { min: '-102,4', max: '100' }],
    ['en', { min: '-102.4', max: '100' }, { min: '-102.4', max: '100' }],
    ['nl', { min: '0', max: '1250' }, { min: '0', max: '1250' }],
    ['nl', { min: 0, max: 5.5 }, { min: '0', max: '5,5' }],
    ['nl', { name: 'Gemeente 1.5', N: '5' }, { name: 'Gemeente 1.5', N: '5' }],
  ])('%s %j -> %j', (language, params, expected) => {
    expect(localizedParams(params, language)).toEqual(expected);
  });
});

describe('message keys and fields', () => {
  it('parses parameters back', () => {
    expect(parseMessageKey('validation.range?min=1&max=60')).toEqual({ key: 'validation.range', params: { min: '1', max: '60' } });
    expect(parseMessageKey('validation.required')).toEqual({ key: 'validation.required', params: {} });
  });
  it('maps issues to field paths', () => {
    const schema = z.object({ name: zRequiredText(), address: z.object({ email: zEmail() }) });
    const result = schema.safeParse({ name: '', address: { email: 'x' } });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(issuesToFields(result.error.issues)).toEqual({ name: 'validation.required', 'address.email': 'validation.email' });
    }
  });
});
