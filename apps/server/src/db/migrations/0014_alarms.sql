-- Alarms as records (docs/alarms.md). No foreign keys to nodes, places or users: an alarm is
-- compliance history and outlives a deleted node, location or user (docs/logbook.md, "What the
-- portal keeps"). customer_id and location_id are those at the time the alarm opened.
CREATE TABLE "alarms" (
	"id" bigserial PRIMARY KEY,
	"kind" text NOT NULL,
	"device_eui" text,
	"gateway_id" integer,
	"channel_id" text NOT NULL DEFAULT '',
	"customer_id" integer,
	"location_id" integer,
	"opened_at" timestamptz NOT NULL,
	"closed_at" timestamptz,
	"state" text NOT NULL DEFAULT 'new',
	"assignee_id" integer,
	"acknowledged_at" timestamptz,
	"acknowledged_by" integer,
	"resolved_at" timestamptz,
	"resolved_by" integer,
	"resolution" text,
	"escalated_at" timestamptz,
	"details" jsonb NOT NULL DEFAULT '{}'::jsonb,
	"updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- One alarm per subject, kind and channel at a time.
CREATE UNIQUE INDEX "alarms_one_active_key" ON "alarms" ("kind", coalesce("device_eui", ''), coalesce("gateway_id", 0), "channel_id") WHERE "closed_at" IS NULL;
--> statement-breakpoint
-- The alarm list: what still needs handling (not both resolved and closed), newest first.
CREATE INDEX "alarms_to_handle_idx" ON "alarms" ("opened_at" DESC, "id" DESC) WHERE "state" <> 'resolved' OR "closed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "alarms_customer_idx" ON "alarms" ("customer_id", "opened_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "alarms_device_idx" ON "alarms" ("device_eui", "opened_at" DESC) WHERE "device_eui" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "alarms_assignee_idx" ON "alarms" ("assignee_id") WHERE "assignee_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "alarms_unacknowledged_idx" ON "alarms" ("customer_id") WHERE "state" = 'new';
--> statement-breakpoint
CREATE TABLE "alarm_events" (
	"id" bigserial PRIMARY KEY,
	"alarm_id" bigint NOT NULL REFERENCES "alarms"("id"),
	"at" timestamptz NOT NULL DEFAULT now(),
	"action" text NOT NULL,
	"user_id" integer,
	"user_email" text,
	"assignee_id" integer,
	"note" text,
	"details" jsonb NOT NULL DEFAULT '{}'::jsonb
);
--> statement-breakpoint
CREATE INDEX "alarm_events_alarm_idx" ON "alarm_events" ("alarm_id", "at", "id");
