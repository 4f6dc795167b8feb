import { describe, expect, it } from 'vitest';
import { authorityToTell } from './alarm-actions';

/** Resolving a legionella alarm asks "authority told at" exactly when the server requires it (docs/sampling.md, "Legal steps"). */
describe('authorityToTell', () => {
  it.each<[string, Record<string, unknown>, string | null]>([
    ['NL above 1,000 kve/l: the ILT', { rulebook: 'NL', severity: 'critical' }, 'ILT'],
    ['NL at 100 kve/l: measures, nobody to tell', { rulebook: 'NL', severity: 'warning' }, null],
    ['DE at 100 KBE/100 ml: the Gesundheitsamt', { rulebook: 'DE', severity: 'critical' }, 'Gesundheitsamt'],
    ['UK above 1,000 cfu/l: no authority', { rulebook: 'UK', severity: 'critical' }, null],
  ])('%s', (_name, details, expected) => {
    expect(authorityToTell({ kind: 'legionella', details })).toBe(expected);
  });

  it('never for other kinds', () => {
    expect(authorityToTell({ kind: 'temperature', details: { rulebook: 'NL', severity: 'critical' } })).toBeNull();
  });
});
