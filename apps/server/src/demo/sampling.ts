import { sql } from 'drizzle-orm';
import { judgeResult, type TCountUnit } from '@aquasmart/domain';
import { queryRows } from '../db/database';
import type { TPlaces } from './places';
import { HOUR_MS } from './random';
import type { TTx } from './types';

/** The location whose Sampling tab the quick start shows filled (docs/sampling.md, "Screens"). */
export const SAMPLING_DEMO_LOCATION = 'Zwembad De Kromme Rijn';

const DAY_MS = 24 * HOUR_MS;

/**
 * Three sample points with compliant lab results, so the tab is not empty in the quick start: one
 * overdue (sampled seven months ago, NL's interval is six), one due soon, one planned. No result
 * reaches a threshold, so no alarm is opened and the demo's alarm counts stay as they are.
 */
const POINTS: { name: string; role: 'hot' | 'cold'; priority: boolean; daysAgo: number; count: number | null; unit: TCountUnit; celsius: number }[] = [
  { name: 'Douche 1 dameskleedkamer', role: 'hot', priority: true, daysAgo: 213, count: null, unit: 'kve/l', celsius: 58.5 },
  { name: 'Keukenkraan kantine', role: 'cold', priority: false, daysAgo: 168, count: 50, unit: 'kve/l', celsius: 16.2 },
  { name: 'Douche 3 herenkleedkamer', role: 'hot', priority: false, daysAgo: 60, count: null, unit: 'kve/l', celsius: 61 },
];

export async function seedSampling(tx: TTx, places: TPlaces, nowMs: number, engineer: string): Promise<void> {
  const location = places.locations.get(SAMPLING_DEMO_LOCATION);
  if (!location) return;
  for (const [index, point] of POINTS.entries()) {
    const takenAt = new Date(nowMs - point.daysAgo * DAY_MS);
    takenAt.setUTCHours(8, 30, 0, 0);
    const createdAt = new Date(takenAt.getTime() - 30 * DAY_MS);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO sample_points (location_id, name, role, priority, created_at) VALUES (${location.id}, ${point.name}, ${point.role}, ${point.priority}, ${createdAt.toISOString()}) RETURNING id`,
    );
    const counts = [{ species: 'Legionella spp.', serogroup: null, count: point.count, detectionLimit: point.count === null ? 50 : null, unit: point.unit }];
    const judged = judgeResult('NL', counts);
    await tx.execute(sql`
      INSERT INTO sample_results (sample_point_id, location_id, sample_id, taken_at, lab, accreditation, method, water_celsius, counts, rulebook,
        highest_per_litre, verdict, legal_step, severity, source, user_email, entered_at)
      VALUES (${row.id}, ${location.id}, ${`HWL-${takenAt.getUTCFullYear()}-${String(4100 + index)}`}, ${takenAt.toISOString()}, 'Het Waterlaboratorium',
        'RvA L 028', 'ISO 11731', ${point.celsius}, ${JSON.stringify(counts)}::jsonb, 'NL', ${judged.highestPerLitre}, ${judged.verdict}, ${judged.legalStep},
        ${judged.severity}, 'csv', ${engineer}, ${new Date(takenAt.getTime() + 9 * DAY_MS).toISOString()})`);
  }
}
