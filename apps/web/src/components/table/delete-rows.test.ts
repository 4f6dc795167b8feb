import { describe, expect, it } from 'vitest';
import { deleteAll, summarizeDeletes } from './delete-rows';

describe('deleting selected rows', () => {
  it('sends every delete before any answers (in parallel)', async () => {
    const started: string[] = [];
    const releases: (() => void)[] = [];
    const done = deleteAll(['a', 'b', 'c'], (row) => {
      started.push(row);
      return new Promise<void>((resolve) => releases.push(resolve));
    });
    expect(started).toEqual(['a', 'b', 'c']);
    releases.forEach((release) => release());
    await expect(done).resolves.toEqual({ count: 3, failed: 0, firstError: undefined });
  });

  it('waits for all and counts the failures', async () => {
    const failure = new Error('409');
    const summary = await deleteAll([1, 2, 3, 4], async (row) => {
      if (row % 2 === 0) throw failure;
    });
    expect(summary).toEqual({ count: 4, failed: 2, firstError: failure });
  });

  it.each([
    [[], { count: 0, failed: 0, firstError: undefined }],
    [[{ status: 'fulfilled', value: 1 }], { count: 1, failed: 0, firstError: undefined }],
    [
      [
        { status: 'rejected', reason: 'x' },
        { status: 'fulfilled', value: 1 },
      ],
      { count: 2, failed: 1, firstError: 'x' },
    ],
  ] as [PromiseSettledResult<unknown>[], object][])('summarises %j', (results, summary) => {
    expect(summarizeDeletes(results)).toEqual(summary);
  });
});
