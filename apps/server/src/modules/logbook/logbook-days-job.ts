import { asc, eq, gt } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { customers, locations } from '../../db/schema';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { keepMissingDays } from './logbook-days';
import { buildLocationSection, locationChannels, placesAsTheyWere, reportCustomer, reportLocation, type TReportCustomer, type TReportLocation } from './logbook-report';

/** How often the job walks the locations again (docs/logbook.md, "Speed"). */
export const LOGBOOK_DAYS_EVERY_MS = 60 * 60 * 1000;
const LOCATIONS_PER_STEP = 25;
/** Summaries (channel-days and node-days) a step writes at most, newest days first; each transaction keeps about 2,000. */
export const LOGBOOK_DAYS_PER_STEP = 4000;

const localDate = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * The deviations of a location's ended days (docs/logbook.md, "Deviations"): the local month of
 * yesterday, from its first day to yesterday, built as a report section would be, so its findings
 * are records on the Deviations tab before anyone opens the logbook. A failure is logged; the
 * days stay kept.
 */
async function materialiseMonthSoFar(deps: { db: TDb; log: TLoopLog }, customer: TReportCustomer, location: TReportLocation, now: Date): Promise<void> {
  const yesterday = localDate(new Date(now.getTime() - 86_400_000), location.timeZone);
  const period = { from: `${yesterday.slice(0, 8)}01`, to: yesterday };
  try {
    const places = await placesAsTheyWere(deps.db, customer, [location], period);
    await buildLocationSection(deps.db, places.customer, places.locations[0], period, now);
  } catch (error) {
    deps.log.error({ err: error, location: location.id }, 'logbook days: the deviations of the month so far were not recorded');
  }
}

/**
 * Keeps the day summaries of every location's whole history (docs/logbook.md, "Speed"), so a
 * report reads kept days only (logbook-days.ts): yesterday's after midnight, and all older ones
 * after an upgrade, an import of old history, or a late reading whose trigger forgot a day. A step
 * takes the next locations by id and asks each which ended days since its nodes' first message lack
 * a summary (by key, one statement); it keeps the newest missing ones, at most `perStep` summaries a
 * step, so no step holds the database long and the intake goes on between steps. When a location
 * still lacks days at the end of the budget, the next step starts with it again; no table holds
 * where it was: the missing days are asked again. After the last location it rests until the next
 * round.
 */
export function createLogbookDaysJob(
  deps: { db: TDb; log: TLoopLog; now?: () => Date; statementTimeoutMs?: number; perStep?: number; materialise?: boolean },
  everyMs = LOGBOOK_DAYS_EVERY_MS,
) {
  let afterId = 0;
  const step = async (): Promise<number> => {
    const now = deps.now?.() ?? new Date();
    const rows = await deps.db
      .select({ location: locations, customer: customers })
      .from(locations)
      .innerJoin(customers, eq(customers.id, locations.customerId))
      .where(gt(locations.id, afterId))
      .orderBy(asc(locations.id))
      .limit(LOCATIONS_PER_STEP);
    if (rows.length === 0) {
      afterId = 0;
      return 0;
    }
    let budget = deps.perStep ?? LOGBOOK_DAYS_PER_STEP;
    for (const { location, customer } of rows) {
      // Every node that was ever at the location, judged by its limits there (device_versions).
      const { judging } = await locationChannels(deps.db, reportCustomer(customer), reportLocation(location), { start: new Date(0), end: now });
      const euis = [...new Set(judging.map((channel) => channel.eui))];
      const { written, more } = await keepMissingDays(deps.db, judging, euis, now.getTime(), budget, deps.statementTimeoutMs);
      budget -= written;
      // Days were kept and none is missing now: the month so far is read from kept days; its deviations become records.
      if (written > 0 && !more && deps.materialise !== false) await materialiseMonthSoFar(deps, reportCustomer(customer), reportLocation(location), now);
      if (written > 0 && (more || budget <= 0)) {
        // The budget is spent: this location (more of it, or its check) comes first in the next step.
        return written;
      }
      afterId = location.id;
    }
    return rows.length;
  };
  const loop = new BackgroundLoop('logbook days', step, deps.log, everyMs);
  return { start: () => loop.start(), stop: () => loop.stop(), step };
}
