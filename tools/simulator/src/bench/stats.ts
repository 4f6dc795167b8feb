/** The value below which `share` of the sorted samples lie (nearest rank); NaN without samples. */
export function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank];
}

export function formatMb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
