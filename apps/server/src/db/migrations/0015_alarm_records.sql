-- Alarms as records (docs/alarms.md): the per-customer duration of the sustained-temperature
-- alarm, each channel's out-of-range start, and the nodes' current alarm states as open alarms.
ALTER TABLE "customers" ADD COLUMN "alarm_temperature_minutes" integer NOT NULL DEFAULT 60;
--> statement-breakpoint
-- Since when a WW/KW channel's readings miss the rulebook's limit without a break; null: they meet it.
ALTER TABLE "device_channels" ADD COLUMN "out_of_range_since" timestamptz;
--> statement-breakpoint
-- The offline job reads nodes by last message; only nodes assigned to a customer get alarms.
CREATE INDEX "devices_lora_ts_idx" ON "devices" ("lora_ts") WHERE "customer_id" IS NOT NULL;
--> statement-breakpoint
-- The alarm list's order: active first, then newest (GET /alarms, docs/alarms.md "API").
CREATE INDEX "alarms_to_handle_order_idx" ON "alarms" (("closed_at" IS NOT NULL), "opened_at" DESC, "id" DESC) WHERE "state" <> 'resolved' OR "closed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "alarms_order_idx" ON "alarms" (("closed_at" IS NOT NULL), "opened_at" DESC, "id" DESC);
--> statement-breakpoint
-- The intake reads the active alarms of a batch's nodes.
CREATE INDEX "alarms_active_device_idx" ON "alarms" ("device_eui") WHERE "closed_at" IS NULL AND "device_eui" IS NOT NULL;
--> statement-breakpoint
-- Low battery: battery.alarm.ts (seconds) set, until a battery swap.
INSERT INTO "alarms" ("kind", "device_eui", "customer_id", "location_id", "opened_at", "details")
SELECT 'lowBattery', d."eui", d."customer_id", d."location_id", to_timestamp(d."battery_alarm_ts"),
  jsonb_build_object('voltage', d."battery_voltage", 'via', 'migration')
FROM "devices" d WHERE d."battery_alarm_ts" > 0 AND d."customer_id" IS NOT NULL;
--> statement-breakpoint
-- Flush alarm: flush.alarm.ts (milliseconds) of the last weak flush.
INSERT INTO "alarms" ("kind", "device_eui", "customer_id", "location_id", "opened_at", "details")
SELECT 'flushAlarm', d."eui", d."customer_id", d."location_id", to_timestamp(d."flush_alarm_ts" / 1000.0),
  jsonb_build_object('via', 'migration')
FROM "devices" d WHERE d."flush_alarm_ts" > 0 AND d."customer_id" IS NOT NULL;
--> statement-breakpoint
-- Faulty sensor: a temperature channel at or below -100 whose input measures (the dashboard's
-- CHANNEL_ACTIVE of modules/dashboard/node-function-sql.ts as it is at 0015).
INSERT INTO "alarms" ("kind", "device_eui", "channel_id", "customer_id", "location_id", "opened_at", "details")
SELECT 'faultySensor', d."eui", c."channel_id", d."customer_id", d."location_id", coalesce(c."ts", now()),
  jsonb_build_object('value', c."value", 'via', 'migration')
FROM "device_channels" c JOIN "devices" d ON d."eui" = c."device_eui"
WHERE c."type" = 'Temperatuur' AND c."value" <= -100 AND d."customer_id" IS NOT NULL
  AND (CASE
  WHEN NOT (d.type IN ('V1', 'V2', 'V3')) THEN true
  WHEN NOT EXISTS (SELECT 1 FROM device_parameters kp WHERE kp.device_eui = d.eui) THEN true
  WHEN (substring(c.channel_id from '(\d+)$'))::int IS NULL THEN true
  ELSE coalesce((
    SELECT CASE
      WHEN jsonb_typeof(sp.value) <> 'object' THEN false
      WHEN (d.type IN ('V1')) THEN (substring(c.channel_id from '(\d+)$'))::int = 1 AND ((sp.value -> 'mode') IS NOT NULL AND jsonb_typeof((sp.value -> 'mode')) <> 'null' AND (sp.value -> 'mode') <> '"disabled"'::jsonb AND (sp.value -> 'mode') <> '0'::jsonb)
      ELSE (substring(c.channel_id from '(\d+)$'))::int <= (CASE d.type WHEN 'V1' THEN 1 WHEN 'V2' THEN 3 WHEN 'V3' THEN 2 END)
        AND jsonb_typeof(sp.value -> 'inputs' -> ((substring(c.channel_id from '(\d+)$'))::int - 1)) = 'object'
        AND ((sp.value -> 'inputs' -> ((substring(c.channel_id from '(\d+)$'))::int - 1) -> 'mode') IS NOT NULL AND jsonb_typeof((sp.value -> 'inputs' -> ((substring(c.channel_id from '(\d+)$'))::int - 1) -> 'mode')) <> 'null' AND (sp.value -> 'inputs' -> ((substring(c.channel_id from '(\d+)$'))::int - 1) -> 'mode') <> '"disabled"'::jsonb AND (sp.value -> 'inputs' -> ((substring(c.channel_id from '(\d+)$'))::int - 1) -> 'mode') <> '0'::jsonb)
    END
    FROM device_parameters sp
    WHERE sp.device_eui = d.eui AND sp.register = (CASE d.type WHEN 'V1' THEN 2 WHEN 'V2' THEN 2 WHEN 'V3' THEN 1 END)), false)
END);
--> statement-breakpoint
-- Water detection: an overflow log still Started (one per node).
INSERT INTO "alarms" ("kind", "device_eui", "customer_id", "location_id", "opened_at", "details")
SELECT DISTINCT ON (o."device_eui") 'waterDetection', o."device_eui", d."customer_id", d."location_id", o."ts",
  jsonb_build_object('resistance', o."resistance", 'via', 'migration')
FROM "overflow_logs" o JOIN "devices" d ON d."eui" = o."device_eui"
WHERE o."state" = 'Started' AND d."customer_id" IS NOT NULL
ORDER BY o."device_eui", o."ts";
--> statement-breakpoint
-- Offline: heard once, silent for more than 6 hours (opened when the 6 hours passed).
INSERT INTO "alarms" ("kind", "device_eui", "customer_id", "location_id", "opened_at", "details")
SELECT 'offline', d."eui", d."customer_id", d."location_id", d."lora_ts" + interval '6 hours',
  jsonb_build_object('lastMessageAt', d."lora_ts", 'via', 'migration')
FROM "devices" d WHERE d."lora_ts" < now() - interval '6 hours' AND d."customer_id" IS NOT NULL;
--> statement-breakpoint
-- Settings not taken: the reported registers differ from what the node should have.
INSERT INTO "alarms" ("kind", "device_eui", "customer_id", "location_id", "opened_at", "details")
SELECT 'settingsNotTaken', d."eui", d."customer_id", d."location_id", coalesce(d."lora_ts", now()),
  jsonb_build_object('via', 'migration')
FROM "devices" d WHERE d."incorrect_settings" AND d."customer_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "alarm_events" ("alarm_id", "at", "action", "details")
SELECT a."id", a."opened_at", 'opened', '{"via":"migration"}'::jsonb FROM "alarms" a
WHERE NOT EXISTS (SELECT 1 FROM "alarm_events" e WHERE e."alarm_id" = a."id");
