/**
 * The soak's verdict (docs/simulator.md): memory flat within 10 % after the warm-up, no 5xx answer,
 * no uplink lost. Pure, so its boundaries are table-tested.
 */

/** How far memory may grow above its level at the end of the warm-up. */
export const MEMORY_GROWTH_LIMIT = 0.1;

export interface TSoakTotals {
  /** Server RSS sampled at a steady pace after the warm-up, oldest first. */
  rssAfterWarmup: number[];
  /** Answers with a 5xx status, uplinks and browsing together, and requests that got no answer. */
  serverErrors: number;
  noAnswer: number;
  /** Uplinks the portal answered 2xx, and the up events it stored for them. */
  acceptedUplinks: number;
  storedUplinks: number;
  /** Stored events still unprocessed after the drain, and events whose processing failed. */
  unprocessed: number;
  failedEvents: number;
}

export interface TSoakVerdict {
  ok: boolean;
  /**
   * Memory at the end against memory just after the warm-up: the mean of the last tenth of the
   * samples over the mean of the first tenth (at least one sample each), so that one garbage
   * collection more or less does not decide; e.g. 0.04 for 4 %.
   */
  memoryGrowth: number;
  reasons: string[];
}

export function soakVerdict(totals: TSoakTotals): TSoakVerdict {
  const reasons: string[] = [];
  const samples = totals.rssAfterWarmup;
  const tenth = Math.max(1, Math.floor(samples.length / 10));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const baseline = samples.length ? mean(samples.slice(0, tenth)) : 0;
  const end = samples.length ? mean(samples.slice(-tenth)) : 0;
  const memoryGrowth = baseline ? end / baseline - 1 : NaN;
  if (!baseline) reasons.push('no memory sample after the warm-up: run longer than the warm-up');
  else if (end > baseline * (1 + MEMORY_GROWTH_LIMIT)) reasons.push(`memory grew ${(memoryGrowth * 100).toFixed(1)} % after the warm-up (limit ${MEMORY_GROWTH_LIMIT * 100} %)`);
  if (totals.serverErrors > 0) reasons.push(`${totals.serverErrors} answers with a 5xx status`);
  if (totals.noAnswer > 0) reasons.push(`${totals.noAnswer} requests got no answer`);
  if (totals.storedUplinks < totals.acceptedUplinks) reasons.push(`${totals.acceptedUplinks - totals.storedUplinks} accepted uplinks are not stored (lost)`);
  if (totals.storedUplinks > totals.acceptedUplinks) reasons.push(`${totals.storedUplinks - totals.acceptedUplinks} more uplinks stored than accepted`);
  if (totals.unprocessed > 0) reasons.push(`${totals.unprocessed} stored uplinks still unprocessed after the drain`);
  if (totals.failedEvents > 0) reasons.push(`${totals.failedEvents} events failed processing`);
  return { ok: reasons.length === 0, memoryGrowth, reasons };
}
