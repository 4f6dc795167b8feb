import { asc, eq, gt } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { customers, locations } from '../../db/schema';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { DAY_MS } from './logbook-days';
import { keepLocationDays, reportCustomer, reportLocation } from './logbook-report';

/** How often the job walks the locations again (docs/logbook.md, "Speed"). */
export const LOGBOOK_DAYS_EVERY_MS = 60 * 60 * 1000;
/** The ended days it keeps behind now: yesterday, and two more for a server that was down. */
export const LOGBOOK_DAYS_BACK = 3;
const LOCATIONS_PER_STEP = 25;

/**
 * Keeps the day summaries of every location's last ended days, so a report reads kept days only
 * (logbook-days.ts). A step takes the next locations by id; after the last it rests until the next
 * round. Days already kept cost one read.
 */
export function createLogbookDaysJob(deps: { db: TDb; log: TLoopLog; now?: () => Date; statementTimeoutMs?: number }, everyMs = LOGBOOK_DAYS_EVERY_MS) {
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
    afterId = rows[rows.length - 1].location.id;
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const from = new Date(today - LOGBOOK_DAYS_BACK * DAY_MS).toISOString().slice(0, 10);
    const to = new Date(today - DAY_MS).toISOString().slice(0, 10);
    for (const { location, customer } of rows) {
      // The period in UTC dates: keepLocationDays keeps whole UTC days only.
      await keepLocationDays(deps.db, reportCustomer(customer), { ...reportLocation(location), timeZone: 'UTC' }, { from, to }, now, deps.statementTimeoutMs);
    }
    return rows.length;
  };
  const loop = new BackgroundLoop('logbook days', step, deps.log, everyMs);
  return { start: () => loop.start(), stop: () => loop.stop(), step };
}

