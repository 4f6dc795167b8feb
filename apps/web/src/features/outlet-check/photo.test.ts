import { describe, expect, it } from 'vitest';
import { scaledSize } from './photo';

describe('scaledSize: at most 1600 px on the longer side', () => {
  it.each([
    ['a phone photo, landscape', 4032, 3024, { width: 1600, height: 1200 }],
    ['a phone photo, portrait', 3024, 4032, { width: 1200, height: 1600 }],
    ['exactly 1600', 1600, 900, { width: 1600, height: 900 }],
    ['1601 is scaled', 1601, 1601, { width: 1600, height: 1600 }],
    ['a small picture stays as it is', 640, 480, { width: 640, height: 480 }],
    ['a thin strip keeps a pixel', 20000, 5, { width: 1600, height: 1 }],
  ])('%s', (_name, width, height, expected) => {
    expect(scaledSize(width, height)).toEqual(expected);
  });
});
