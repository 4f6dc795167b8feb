import { sql } from 'drizzle-orm';
import { PROFILES } from '@aquasmart/domain';
import { DAY_MS, HOUR_MS } from './random';
import { HISTORY_SLOTS, SLOT_SECONDS, type TNodePlan } from './plan';
import type { TPlaces } from './places';
import type { TTx } from './types';

/**
 * The logbook's demo location (docs/logbook.md, "Demo"): its nodes get history back to the first
 * day of the previous month (the Logbook tab opens on last month), with one of every thing a
 * report lists in that month: a gap, an excursion of a hot-water line into the growth range, a
 * flush that does not prove itself, a weak flush, a low battery and its swap, a water detection,
 * a calibration and a settings change the node confirmed.
 */
export const LOGBOOK_DEMO_LOCATION = 'Sporthal Zuid';

const SLOT_MS = SLOT_SECONDS * 1000;

/** Local midnight (Europe/Amsterdam) of the first day of the month before `nowMs`'s month, as an instant. */
export function previousMonthStartMs(nowMs: number): number {
  const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit' }).format(nowMs);
  const [year, month] = local.split('-').map(Number);
  const first = Date.UTC(month === 1 ? year - 1 : year, month === 1 ? 11 : month - 2, 1);
  // Amsterdam is UTC+1 or +2: find the offset at that date by formatting.
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', hourCycle: 'h23' }).format(first));
  return first - hour * HOUR_MS;
}

/** Nodes of the demo location are registered before the month starts, so its whole logbook month is theirs. */
export function registerBeforeLogbookMonth(nodes: TNodePlan[], nowMs: number): void {
  const start = previousMonthStartMs(nowMs);
  for (const node of nodes) {
    if (node.location.name === LOGBOOK_DEMO_LOCATION) node.registeredMs = Math.min(node.registeredMs, start - 2 * DAY_MS);
  }
}

interface TRow {
  eui: string;
  ts: string;
  msg: number;
  rssi: number;
  snr: number;
  gw: string;
  value: Record<string, unknown>;
}

/** Which node shows what: the gap, the excursion (a hot-water line), the failed and the weak flush, the water detection, the low battery. */
interface TRoles {
  gap: boolean;
  excursion: boolean;
  badFlushes: boolean;
  water: boolean;
  lowBattery: boolean;
}

function nodeRows(node: TNodePlan, roles: TRoles, startMs: number, gateway: string, spread: number): TRow[] {
  const profile = PROFILES[node.type];
  const endMs = Math.floor(node.endMs / 1000) * 1000 - HISTORY_SLOTS * SLOT_MS; // the regular 14 days begin one slot after this
  const day = (n: number) => startMs + n * DAY_MS;
  const rows: TRow[] = [];
  const push = (ms: number, msg: number, value: Record<string, unknown>) =>
    rows.push({ eui: node.eui, ts: new Date(ms).toISOString(), msg, rssi: node.rssi, snr: node.snr, gw: gateway, value: { timestamp: Math.floor(ms / 1000), ...value } });
  const gap = roles.gap ? { from: day(9) + 2 * HOUR_MS, to: day(9) + 11 * HOUR_MS } : null;
  const excursion = roles.excursion ? { from: day(13) + 14 * HOUR_MS, to: day(13) + 17 * HOUR_MS } : null;
  // Temperatures every 15 minutes on the same grid as the regular history.
  const first = endMs - Math.floor((endMs - startMs) / SLOT_MS) * SLOT_MS;
  for (let ms = first; ms <= endMs; ms += SLOT_MS) {
    if (gap && ms >= gap.from && ms < gap.to) continue;
    const hourOfDay = ((ms / HOUR_MS) % 24) + 1;
    const value: Record<string, number> = {};
    node.channels.forEach((channel, i) => {
      if (channel.disabled) return;
      const wave = Math.sin((hourOfDay / 24) * 2 * Math.PI + channel.phase);
      // A well-kept month: hot lines above 60 °C, cold ones under 20 °C; mixed taps as they are.
      const base = channel.mode === 'WW' ? Math.max(channel.base, 61.5) : channel.mode === 'KW' ? Math.min(channel.base, 17) : channel.base;
      let celsius = base + (channel.mode === 'KW' ? 1.2 : 0.8) * wave;
      if (i === 0 && excursion && ms >= excursion.from && ms < excursion.to) celsius = 44;
      value[`temperature${i + 1}`] = Math.round(celsius * 10) / 10;
    });
    push(ms, profile.messageIds.temperature, value);
  }
  for (let ms = first; ms <= endMs - SLOT_MS; ms += 6 * HOUR_MS) {
    if (gap && ms >= gap.from && ms < gap.to) continue;
    const low = roles.lowBattery && ms >= day(4) && ms < day(4) + 6 * HOUR_MS;
    push(ms + 7 * 60_000, profile.messageIds.battery, { voltage: low ? 3.02 : 3.55 });
  }
  if (profile.messageIds.flush !== undefined && node.flush) {
    const hot = node.channels[0].mode === 'WW';
    for (let n = 0; day(n) + 7 * HOUR_MS < endMs; n += 1) {
      const ms = day(n) + 5 * HOUR_MS + spread * 5 * 60_000;
      let [before, after] = hot ? [49.5, 61.2] : [21.5, 13.8];
      if (roles.badFlushes && n === 19) [before, after] = hot ? [45.2, 52.4] : [27.1, 26.4]; // does not prove itself
      if (roles.badFlushes && n === 20) [before, after] = hot ? [58.1, 58.6] : [14, 14.3]; // weak: a flush alarm
      push(ms, profile.messageIds.flush, { channel: 1, before, after });
    }
  }
  if (profile.messageIds.overflow !== undefined && roles.water) {
    push(day(11) + 3 * HOUR_MS, profile.messageIds.overflow, { resistance: 212.5, detected: true });
    push(day(11) + 4 * HOUR_MS + 30 * 60_000, profile.messageIds.overflow, { resistance: 1_500_000, detected: false });
  }
  if (roles.gap) push(day(21) + 10 * HOUR_MS, profile.messageIds.parameters, { registers: [{ register: profile.systemRegister, value: { logInterval: 15 } }] });
  return rows;
}

/** Writes the demo location's month before the regular history, and its calibration, swap and settings entries. */
export async function seedLogbookHistory(tx: TTx, nodes: TNodePlan[], places: TPlaces, nowMs: number, emails: { engineer: string; planner: string }): Promise<void> {
  const startMs = previousMonthStartMs(nowMs);
  const here = nodes.filter((node) => node.location.name === LOGBOOK_DEMO_LOCATION);
  const place = places.locations.get(LOGBOOK_DEMO_LOCATION);
  if (!place || here.length < 4) return;
  const flushing = here.filter((node) => node.flush && PROFILES[node.type].messageIds.flush !== undefined && node.channels[0].mode !== 'Meng/uittap');
  const hot = here.find((node) => node.channels[0].mode === 'WW' && !node.channels[0].disabled) ?? here[0];
  const rows = here.flatMap((node, index) =>
    nodeRows(
      node,
      { gap: node === here[0], excursion: node === hot, badFlushes: node === flushing[0], water: node === flushing[1], lowBattery: node === here[2] },
      startMs,
      place.gatewayMac,
      index,
    ),
  );
  for (let index = 0; index < rows.length; index += 4000) {
    await tx.execute(sql`INSERT INTO device_data (device_eui, ts, msg_id, rssi, snr, gateway, value)
      SELECT eui, ts, msg, rssi, snr, gw, value FROM jsonb_to_recordset(${JSON.stringify(rows.slice(index, index + 4000))}::jsonb)
        AS x(eui text, ts timestamptz, msg int, rssi float8, snr float8, gw text, value jsonb)`);
  }
  const day = (n: number, hours: number) => new Date(startMs + n * DAY_MS + hours * HOUR_MS);
  const [first, , third] = here;
  await tx.execute(sql`INSERT INTO audit_logs (device_eui, ts, user_email, value) VALUES
    (${third.eui}, ${day(5, 9)}, ${emails.engineer}, ${JSON.stringify({ action: 'batterySwap' })}::jsonb),
    (${first.eui}, ${day(21, 8)}, ${emails.planner}, ${JSON.stringify({ action: 'settings', registers: [PROFILES[first.type].systemRegister], changes: { [`${PROFILES[first.type].systemRegister}.logInterval`]: [10, 15] } })}::jsonb),
    (${first.eui}, ${day(17, 10)}, ${emails.engineer}, ${JSON.stringify({ action: 'calibration', channel: 'temperature1', measured: 60.8, calibrated: 61.2, offset: 0.4 })}::jsonb)`);
  await tx.execute(sql`INSERT INTO calibration_logs (device_eui, customer_id, location_id, ts, channel, measured, calibrated, "offset", user_email)
    VALUES (${first.eui}, ${place.customerId}, ${place.id}, ${day(17, 10)}, 'temperature1', 60.8, 61.2, 0.4, ${emails.engineer})`);
}
