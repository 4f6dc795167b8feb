-- Dashboard (docs/dashboard.md): the counts and lists read small sets through partial indexes
-- instead of scanning the fleet or its history. Flushes of the last 7 days come from the history
-- through an index of flush messages only (msg_id 50, FLUSH_MESSAGE_ID), ordered by time.
CREATE INDEX "device_data_flush_idx" ON "device_data" USING btree ("ts", "device_eui") WHERE "msg_id" = 50;
--> statement-breakpoint
CREATE INDEX "device_channels_faulty_idx" ON "device_channels" USING btree ("device_eui", "ts") WHERE "type" = 'Temperatuur' AND "value" <= -100;
--> statement-breakpoint
CREATE INDEX "devices_battery_alarm_idx" ON "devices" USING btree ("battery_alarm_ts") WHERE "battery_alarm_ts" > 0;
--> statement-breakpoint
CREATE INDEX "devices_flush_alarm_idx" ON "devices" USING btree ("flush_alarm_ts") WHERE "flush_alarm_ts" > 0;
--> statement-breakpoint
CREATE INDEX "devices_sync_pending_idx" ON "devices" USING btree ("eui") WHERE "sync" = 0;
--> statement-breakpoint
CREATE INDEX "devices_incorrect_settings_idx" ON "devices" USING btree ("eui") WHERE "incorrect_settings";
--> statement-breakpoint
CREATE INDEX "devices_calibration_due_idx" ON "devices" USING btree ("calibration_interval", "calibration_ts");
--> statement-breakpoint
CREATE INDEX "overflow_logs_started_idx" ON "overflow_logs" USING btree ("device_eui", "ts") WHERE "state" = 'Started';
--> statement-breakpoint
-- The per-customer summary of the counts that need the whole fleet (docs/dashboard.md, "Speed"):
-- made anew at most every minute while the dashboard is looked at; dashboard_counts_state holds
-- when it was last made (one row).
CREATE TABLE "dashboard_counts" (
	"customer_id" integer PRIMARY KEY NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"computed_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_counts_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Made with the summary: the nodes with flushes in the last 7 days and the nodes with a faulty
-- active temperature channel (the weekly-flush and faulty-sensor counts and lists).
CREATE TABLE "dashboard_nodes" (
	"device_eui" text PRIMARY KEY NOT NULL,
	"weekly_flushes" integer NOT NULL,
	"faulty" boolean NOT NULL,
	"faulty_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "dashboard_nodes_weekly_idx" ON "dashboard_nodes" USING btree ("weekly_flushes") WHERE "weekly_flushes" > 0;
--> statement-breakpoint
CREATE INDEX "dashboard_nodes_faulty_idx" ON "dashboard_nodes" USING btree ("faulty_at") WHERE "faulty";
