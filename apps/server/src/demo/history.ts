import { sql, type SQL } from 'drizzle-orm';
import { perType } from '@aquasmart/domain';
import { BATTERY_OFFSET_SECONDS, flushSlots, FLUSH_OFFSET_SECONDS, HISTORY_SLOTS, SLOT_SECONDS, type TNodePlan } from './plan';
import type { TPlaces } from './places';
import type { TTx } from './types';

/**
 * 14 days of history per node, written set-based: the plan of every node goes to the database
 * as one JSON parameter, and generate_series makes the rows (temperatures every 15 minutes,
 * battery every 6 hours, flush events on the node's schedule). Afterwards the channels and the
 * battery voltage take the latest values from that history.
 */

const TEMPERATURE_MSG = perType((profile) => profile.messageIds.temperature);
const BATTERY_MSG = perType((profile) => profile.messageIds.battery);
export const FLUSH_MSG = 50;

/** Constants go into the SQL text, not as parameters, so PostgreSQL never has to guess their type. */
const int = (value: number) => sql.raw(String(Math.trunc(value)));
const LAST = int(HISTORY_SLOTS - 1);
const SLOT = int(SLOT_SECONDS);
const PLAN_COLUMNS = `eui text, end_s bigint, temp_msg int, batt_msg int, c0 bigint, rssi float8, snr float8, gw text,
  m1 text, b1 float8, p1 float8, w1 boolean, f1 int, o1 float8,
  m2 text, b2 float8, p2 float8, w2 boolean, f2 int, o2 float8,
  m3 text, b3 float8, p3 float8, w3 boolean, f3 int, o3 float8,
  v_end float8, v_slope float8, b_phase int, flush_slots int[], alarm_slot int`;

function planJson(nodes: TNodePlan[], places: TPlaces): string {
  return JSON.stringify(
    nodes.map((node, index) => {
      const row: Record<string, unknown> = {
        eui: node.eui,
        end_s: Math.floor(node.endMs / 1000),
        temp_msg: TEMPERATURE_MSG[node.type],
        batt_msg: BATTERY_MSG[node.type],
        c0: node.counter0,
        rssi: node.rssi,
        snr: node.snr,
        gw: places.locations.get(node.location.name)!.gatewayMac,
        v_end: node.battery.end,
        v_slope: node.battery.slopePerDay,
        b_phase: (index * 5) % 24,
        flush_slots: flushSlots(node),
        alarm_slot: node.flush?.alarmSlot ?? -1,
      };
      node.channels.forEach((channel, i) => {
        if (channel.disabled) return; // no readings from a switched-off input
        Object.assign(row, {
          [`m${i + 1}`]: channel.mode,
          [`b${i + 1}`]: channel.base,
          [`p${i + 1}`]: channel.phase,
          [`w${i + 1}`]: channel.warm,
          [`f${i + 1}`]: channel.faultFromSlot,
          [`o${i + 1}`]: channel.offset,
        });
      });
      return row;
    }),
  );
}

/**
 * One temperature in °C with one decimal: hot loops with a morning and an evening dip, cold
 * lines with a slow drift and on some days a warm afternoon, mixed taps in between. The daily
 * shapes come from the 96-row `prof` table (exp() is slow in PGlite; a lookup is not).
 */
function temperature(k: number): SQL {
  return sql.raw(`CASE WHEN p.m${k} IS NULL THEN NULL WHEN s.n <= p.f${k} THEN -102.4 ELSE round((p.o${k} + CASE p.m${k}
    WHEN 'WW' THEN p.b${k} + sin(s.day_angle + p.p${k}) + prof.dip + (random() - 0.5) * 0.8
    WHEN 'KW' THEN p.b${k} + 1.5 * sin(s.drift_angle + p.p${k}) + prof.kw_wave + (random() - 0.5) * 0.5
      + CASE WHEN p.w${k} AND s.day_no % 4 IN (1, 2) THEN prof.warm ELSE 0 END
    ELSE p.b${k} + 2.5 * sin(s.day_angle + p.p${k}) + (random() - 0.5) * 2
  END) * 10)::int * 0.1 END`);
}

/** Shapes of a (local) day per quarter hour: hot-water dips at 7:30 and 19:00, cold-water wave, warm afternoon. */
const PROFILE = sql.raw(`(SELECT q, -5.5 * exp(-power(q / 4.0 - 7.5, 2) / 1.5) - 3 * exp(-power(q / 4.0 - 19, 2) / 2.5) AS dip,
    1.2 * sin(2 * pi() * (q / 4.0 - 9) / 24) AS kw_wave,
    CASE WHEN q BETWEEN 44 AND 84 THEN 11 * power(sin(pi() * (q / 4.0 - 11) / 10), 2) ELSE 0 END AS warm
  FROM generate_series(0, 95) AS q OFFSET 0) prof`);

/** Radio values around the node's own; the latest uplink (slot 0) has exactly the node's values. */
const RADIO = sql.raw(`CASE WHEN s.n = 0 THEN p.rssi ELSE greatest(-115, least(-70, round(p.rssi + (random() - 0.5) * 8))) END AS rssi,
  CASE WHEN s.n = 0 THEN p.snr ELSE greatest(-10, least(10, round((p.snr + (random() - 0.5) * 4) * 10)::int * 0.1))::float8 END AS snr`);

export async function seedHistory(tx: TTx, nodes: TNodePlan[], places: TPlaces): Promise<void> {
  const plan = sql`jsonb_to_recordset(${planJson(nodes, places)}::jsonb) AS p(${sql.raw(PLAN_COLUMNS)})`;
  const insert = sql.raw('INSERT INTO device_data (device_eui, ts, msg_id, counter, rssi, snr, gateway, value)');

  // The JSON is written as text and cast once: cheaper than jsonb_build_object on 80,000 rows.
  await tx.execute(sql`${insert}
    SELECT t.eui, to_timestamp(t.epoch), t.temp_msg, t.counter, t.rssi, t.snr, t.gw,
      ('{"timestamp":' || t.epoch || ',"temperature1":' || t.t1 || coalesce(',"temperature2":' || t.t2, '')
        || coalesce(',"temperature3":' || t.t3, '') || '}')::jsonb
    FROM (
      SELECT p.eui, s.epoch, p.temp_msg, p.c0 + (${LAST} - s.n) * 3 + 2 AS counter, ${RADIO}, p.gw,
        ${temperature(1)} AS t1, ${temperature(2)} AS t2, ${temperature(3)} AS t3
      FROM ${plan}
      CROSS JOIN LATERAL (
        SELECT g.n, e.epoch, (e.epoch + 3600) % 86400 / ${SLOT} AS q, (e.epoch + 3600) / 86400 AS day_no,
          2 * pi() * ((e.epoch + 3600) % 86400) / 86400 AS day_angle, 2 * pi() * e.epoch / (9 * 86400) AS drift_angle
        FROM generate_series(0, ${LAST}) AS g(n) CROSS JOIN LATERAL (SELECT p.end_s - g.n * ${SLOT} AS epoch) e
      ) s
      JOIN ${PROFILE} ON prof.q = s.q
    ) t`);

  await tx.execute(sql`${insert}
    SELECT p.eui, to_timestamp(s.epoch), p.batt_msg, p.c0 + (${LAST} - s.n) * 3 + 1, ${RADIO}, p.gw,
      jsonb_build_object('timestamp', s.epoch,
        'voltage', round((p.v_end + p.v_slope * s.n / 96.0 + (random() - 0.5) * 0.006)::numeric, 3))
    FROM ${plan}
    CROSS JOIN LATERAL (
      SELECT g.n, p.end_s - g.n * ${SLOT} - ${int(BATTERY_OFFSET_SECONDS)} AS epoch FROM generate_series(p.b_phase, ${LAST}, 24) AS g(n)
    ) s`);

  // Flushes: 'before' is the stagnant line, 'after' the flushed one; the alarm flush barely moved it.
  await tx.execute(sql`${insert}
    SELECT p.eui, to_timestamp(s.epoch), ${int(FLUSH_MSG)}, p.c0 + (${LAST} - s.n) * 3, ${RADIO}, p.gw,
      jsonb_build_object('timestamp', s.epoch, 'before', s.before, 'after', CASE
        WHEN s.n = p.alarm_slot THEN s.before + round((0.2 + random() * 0.6)::numeric, 1) * CASE WHEN p.m1 = 'KW' THEN -1 ELSE 1 END
        WHEN p.m1 = 'WW' THEN round((56 + random() * 6)::numeric, 1)
        WHEN p.m1 = 'KW' THEN round((10.5 + random() * 3.5)::numeric, 1)
        ELSE round((37 + random() * 5)::numeric, 1) END)
    FROM ${plan}
    CROSS JOIN LATERAL unnest(p.flush_slots) AS f(n)
    CROSS JOIN LATERAL (
      SELECT f.n AS n, p.end_s - f.n * ${SLOT} - ${int(FLUSH_OFFSET_SECONDS)} AS epoch,
        round((CASE p.m1 WHEN 'WW' THEN 27 + random() * 15 WHEN 'KW' THEN 19 + random() * 6 ELSE 24 + random() * 6 END)::numeric, 1) AS before
    ) s`);

  await updateLatestValues(tx);
}

/** Latest message of one kind per device. */
function latest(msgIds: number[]): SQL {
  return sql`SELECT d.eui, x.value, x.ts FROM devices d CROSS JOIN LATERAL (
    SELECT value, ts FROM device_data WHERE device_eui = d.eui AND msg_id IN (${sql.raw(msgIds.join(', '))})
    ORDER BY ts DESC LIMIT 1) x`;
}

async function updateLatestValues(tx: TTx): Promise<void> {
  await tx.execute(sql`UPDATE device_channels c SET
      value = (l.value ->> c.channel_id)::float8,
      raw_value = CASE WHEN (l.value ->> c.channel_id)::float8 <= -100 THEN (l.value ->> c.channel_id)::float8
        ELSE round((l.value ->> c.channel_id)::numeric - c."offset"::numeric, 1)::float8 END,
      ts = l.ts
    FROM (${latest(Object.values(TEMPERATURE_MSG))}) l
    WHERE c.device_eui = l.eui AND c.type = 'Temperatuur' AND l.value ->> c.channel_id IS NOT NULL`);
  await tx.execute(sql`WITH l AS (${latest([...new Set(Object.values(BATTERY_MSG))])}),
    channel AS (UPDATE device_channels c SET value = (l.value ->> 'voltage')::float8, raw_value = (l.value ->> 'voltage')::float8, ts = l.ts
      FROM l WHERE c.device_eui = l.eui AND c.channel_id = 'battery1')
    UPDATE devices d SET battery_voltage = (l.value ->> 'voltage')::float8 FROM l WHERE d.eui = l.eui`);
  await tx.execute(sql`UPDATE device_channels c SET value = 1, raw_value = 1, ts = l.ts
    FROM (${latest([FLUSH_MSG])}) l WHERE c.device_eui = l.eui AND c.channel_id = 'flush1'`);
}
