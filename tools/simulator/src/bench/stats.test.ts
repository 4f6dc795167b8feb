import { describe, expect, it } from 'vitest';
import { formatMb, percentile } from './stats';

describe('benchmark figures', () => {
  const samples = Float64Array.from({ length: 100 }, (_v, i) => i + 1);
  it.each([
    [0.5, 50],
    [0.9, 90],
    [0.99, 99],
    [1, 100],
    [0, 1],
  ])('percentile %s of 1..100 is %s (nearest rank)', (share, expected) => expect(percentile(samples, share)).toBe(expected));

  it('no samples: NaN, not a made-up figure', () => expect(percentile(new Float64Array(0), 0.5)).toBeNaN());
  it('megabytes', () => expect(formatMb(321 * 1024 * 1024)).toBe('321 MB'));
});
