import { describe, expect, it } from 'vitest';
import { assignShards, durationsFromReport, readDurations, shardWeights, specFiles } from './e2e-shards.mjs';

describe('assignShards', () => {
  it.each([
    { name: 'one shard takes every file', durations: { a: 5, b: 3 }, weights: [1], shards: [['a', 'b']] },
    { name: 'equal weights: longest first, each to the lighter shard', durations: { a: 8, b: 5, c: 4, d: 1 }, weights: [1, 1], shards: [['a', 'd'], ['b', 'c']] },
    // 10 -> 1st; 6 -> 2nd (0 < 10/2); 5 -> 1st (10/2 < 6); 4 -> 2nd (6 < 15/2).
    { name: 'a heavier first shard takes the larger share', durations: { a: 10, b: 6, c: 5, d: 4 }, weights: [2, 1], shards: [['a', 'c'], ['b', 'd']] },
    { name: 'an unmeasured file counts as the median', durations: { a: 9, b: 3, c: 1 }, files: ['a', 'b', 'c', 'new'], weights: [1, 1], shards: [['a'], ['b', 'c', 'new']] },
    { name: 'more shards than files leaves a shard empty', durations: { a: 2 }, weights: [1, 1], shards: [['a'], []] },
  ])('$name', ({ durations, files, weights, shards }) => {
    const assigned = assignShards(files ?? Object.keys(durations), durations, weights);
    expect(assigned.map((shard) => shard.files)).toEqual(shards);
  });

  it('puts every spec file of the repository in exactly one shard, for 1 to 4 shards', () => {
    const files = specFiles();
    expect(files.length).toBeGreaterThan(40);
    for (const count of [1, 2, 3, 4]) {
      const assigned = assignShards(files, readDurations(), shardWeights(count)).flatMap((shard) => shard.files);
      expect(assigned.sort()).toEqual(files);
    }
  });

  it('has a measured duration for most spec files (refresh e2e/durations.json after adding many)', () => {
    const durations = readDurations();
    const files = specFiles();
    const unmeasured = files.filter((file) => !(file in durations));
    expect(unmeasured.length).toBeLessThanOrEqual(Math.ceil(files.length / 4));
  });
});

describe('durationsFromReport', () => {
  it('sums the runs of each file across nested suites', () => {
    const result = (duration) => ({ results: [{ duration }] });
    const report = {
      suites: [
        { specs: [{ file: 'a.spec.ts', tests: [result(1500)] }], suites: [{ specs: [{ file: 'a.spec.ts', tests: [result(500), result(250)] }] }] },
        { specs: [{ file: 'b.spec.ts', tests: [{ results: [{ duration: 100 }, { duration: 50 }] }] }] },
      ],
    };
    expect(durationsFromReport(report)).toEqual({ 'e2e/a.spec.ts': 2.3, 'e2e/b.spec.ts': 0.2 });
  });
});
