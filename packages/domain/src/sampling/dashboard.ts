import { z } from 'zod';
import { DUE_STATES } from './plan';

/**
 * The dashboard's due and overdue samplings (docs/sampling.md, "Due samplings"; GET
 * /dashboard/samplings): the sample points of the caller's customers whose next sampling is overdue
 * or due within DUE_SOON_DAYS, soonest first, with the counts. `points` is how many sample points
 * there are at all: 0 means no sampling plan, never "all clear".
 */

/** At most this many points are listed (the counts cover them all). */
export const DASHBOARD_SAMPLINGS_MAX = 50;

export const ZDashboardSamplingRow = z.object({
  samplePointId: z.number().int(),
  customer: z.string(),
  location: z.string(),
  name: z.string(),
  role: z.enum(['hot', 'cold']),
  /** Local date of the location. */
  nextDue: z.string(),
  state: z.enum(DUE_STATES),
  /** The due sampling is a re-sample after a result at or above the threshold. */
  resample: z.boolean(),
});
export type TDashboardSamplingRow = z.infer<typeof ZDashboardSamplingRow>;

export const ZDashboardSamplings = z.object({
  points: z.number().int(),
  overdue: z.number().int(),
  due: z.number().int(),
  rows: z.array(ZDashboardSamplingRow),
});
export type TDashboardSamplings = z.infer<typeof ZDashboardSamplings>;
