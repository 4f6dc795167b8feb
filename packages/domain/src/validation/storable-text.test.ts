import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text';

describe('isStorableText', () => {
  it.each([
    ['plain', 'Zorggroep Rijnmond', true],
    ['empty', '', true],
    ['accents and emoji (a valid surrogate pair)', 'Café 💧', true],
    ['NUL', 'a\u0000b', false],
    ['NUL alone', '\u0000', false],
    ['lone high surrogate', 'a\ud800b', false],
    ['lone high surrogate at the end', 'a\ud800', false],
    ['lone low surrogate', '\udc00a', false],
    ['reversed pair', '\udc00\ud800', false],
    ['other control characters are text', 'a\u0001\tb\n', true],
  ])('%s', (_name, text, expected) => {
    expect(isStorableText(text)).toBe(expected);
  });
});

describe('findUnstorableText', () => {
  it.each([
    ['clean object', { a: 'x', b: [1, 'y', { c: null }] }, null],
    ['nested value', { deviceInfo: { applicationId: 'app\u0000' } }, 'deviceInfo.applicationId'],
    ['array item', { logs: ['ok', 'bad\ud800'] }, 'logs.1'],
    ['object key', { ['k\u0000']: 1 }, 'k\u0000'],
    ['top-level string', 'x\u0000', '(value)'],
    ['numbers and booleans', { n: 1, b: true }, null],
  ])('%s', (_name, value, expected) => {
    expect(findUnstorableText(value)).toBe(expected);
  });
});
