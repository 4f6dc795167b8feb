-- E-mail alerts (docs/alerts.md). `mail_messages` is the outbox of e-mails the sender delivers;
-- `alert_items` holds one raised alarm for one recipient, written in the intake's transaction
-- that records the alarm, and is gathered into an e-mail (mail_id) at most once a minute per user.
CREATE TABLE "mail_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"message_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"device_eui" text NOT NULL,
	"details" jsonb NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_id" bigint
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alert_items" ADD CONSTRAINT "alert_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alert_items" ADD CONSTRAINT "alert_items_mail_id_mail_messages_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mail_messages_due_idx" ON "mail_messages" USING btree ("next_attempt_at") WHERE state = 'pending';
--> statement-breakpoint
CREATE INDEX "mail_messages_user_created_idx" ON "mail_messages" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "alert_items_waiting_idx" ON "alert_items" USING btree ("user_id") WHERE mail_id IS NULL;
--> statement-breakpoint
CREATE INDEX "alert_items_mail_idx" ON "alert_items" USING btree ("mail_id");
