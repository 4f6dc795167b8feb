-- Alarm notifications each user chooses, and the escalation of a customer's alarms
-- (docs/alarm-notifications.md). users.alarm_notifications holds the preferences (kinds, quiet
-- hours, time zone, customers by id); the two old toggles stay as columns that mirror
-- "flushAlarm immediately" and "waterDetection immediately", so a user who had one on keeps it.
ALTER TABLE "users" ADD COLUMN "alarm_notifications" jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
UPDATE "users" SET "alarm_notifications" = jsonb_build_object('kinds', jsonb_build_object(
  'flushAlarm', CASE WHEN "flush_email_alerts" THEN 'immediately' ELSE 'off' END,
  'waterDetection', CASE WHEN "overflow_email_alerts" THEN 'immediately' ELSE 'off' END));
--> statement-breakpoint
-- { minutes, emails, users (ids) }; '{}' is 240 minutes and nobody, i.e. no escalation.
ALTER TABLE "customers" ADD COLUMN "alarm_escalation" jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
-- The notifier's flag: set in the transaction that writes the alarm's notification items, so each
-- alarm is handed out once. Alarms that exist now (migrated states) are not announced again.
ALTER TABLE "alarms" ADD COLUMN "notifications_at" timestamptz;
--> statement-breakpoint
UPDATE "alarms" SET "notifications_at" = now();
--> statement-breakpoint
CREATE INDEX "alarms_notify_idx" ON "alarms" ("id") WHERE "notifications_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "alarms_escalation_idx" ON "alarms" ("opened_at") WHERE "state" = 'new' AND "escalated_at" IS NULL;
--> statement-breakpoint
-- One alarm for one user, immediately or in the digest; gathered into an e-mail (mail_id) when due.
CREATE TABLE "alarm_notification_items" (
	"id" bigserial PRIMARY KEY,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"alarm_id" bigint NOT NULL REFERENCES "alarms"("id"),
	"mode" text NOT NULL,
	"due_at" timestamptz NOT NULL,
	"created_at" timestamptz NOT NULL DEFAULT now(),
	"mail_id" bigint REFERENCES "mail_messages"("id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_notification_items_once" ON "alarm_notification_items" ("alarm_id", "user_id");
--> statement-breakpoint
CREATE INDEX "alarm_notification_items_waiting_idx" ON "alarm_notification_items" ("due_at") WHERE "mail_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "alarm_notification_items_mail_idx" ON "alarm_notification_items" ("mail_id");
--> statement-breakpoint
-- Who an escalation e-mail went to, per alarm (the outbox screen counts them).
CREATE TABLE "alarm_escalation_items" (
	"id" bigserial PRIMARY KEY,
	"alarm_id" bigint NOT NULL REFERENCES "alarms"("id"),
	"mail_id" bigint NOT NULL REFERENCES "mail_messages"("id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "alarm_escalation_items_mail_idx" ON "alarm_escalation_items" ("mail_id");
