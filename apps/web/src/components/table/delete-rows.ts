/**
 * Deleting the selected rows: every delete is sent at once (Promise.allSettled), then one
 * summary is shown and the list refreshes.
 */
export interface TDeleteSummary {
  count: number;
  failed: number;
  /** The first failure, for the error message. */
  firstError: unknown;
}

export function summarizeDeletes(results: readonly PromiseSettledResult<unknown>[]): TDeleteSummary {
  const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
  return { count: results.length, failed: failures.length, firstError: failures[0]?.reason };
}

export async function deleteAll<T>(rows: readonly T[], remove: (row: T) => Promise<unknown>): Promise<TDeleteSummary> {
  const results = await Promise.allSettled(rows.map((row) => remove(row)));
  return summarizeDeletes(results);
}
