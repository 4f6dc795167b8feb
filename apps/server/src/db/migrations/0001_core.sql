-- 0001: the core model of the portal (users, customers, locations, gateways, products,
-- network servers, devices and their channels, parameters and history, logs, intake and
-- downlink queues). Drafted with drizzle-kit from src/db/schema.ts, then made partitioned
-- for device_data. Forward-only: never edit a migration that has shipped; add a new file.
-- Statements are separated by drizzle-kit breakpoint marker lines.
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_eui" text NOT NULL,
	"ts" timestamp with time zone DEFAULT now() NOT NULL,
	"user_email" text,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calibration_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_eui" text NOT NULL,
	"customer_id" integer,
	"location_id" integer,
	"ts" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"measured" double precision NOT NULL,
	"calibrated" double precision NOT NULL,
	"offset" double precision NOT NULL,
	"user_email" text
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"calibration_interval" smallint DEFAULT 2 NOT NULL,
	"endpoint" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "device_channels" (
	"device_eui" text NOT NULL,
	"channel_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"value" double precision,
	"raw_value" double precision,
	"ts" timestamp with time zone,
	"offset" double precision DEFAULT 0 NOT NULL,
	"calibrated_at" timestamp with time zone,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "device_channels_device_eui_channel_id_pk" PRIMARY KEY("device_eui","channel_id")
);
--> statement-breakpoint
CREATE TABLE "device_data" (
	"id" bigserial NOT NULL,
	"device_eui" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"msg_id" integer NOT NULL,
	"counter" bigint,
	"rssi" double precision,
	"snr" double precision,
	"gateway" text,
	"value" jsonb NOT NULL,
	CONSTRAINT "device_data_id_ts_pk" PRIMARY KEY("id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- Monthly partitions are added by the server as time goes on; rows outside them land here.
CREATE TABLE "device_data_default" PARTITION OF "device_data" DEFAULT;
--> statement-breakpoint
CREATE TABLE "device_parameters" (
	"device_eui" text NOT NULL,
	"register" integer NOT NULL,
	"value" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reported" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_parameters_device_eui_register_pk" PRIMARY KEY("device_eui","register")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"eui" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"location_id" integer,
	"gateway_id" integer,
	"flush_device_id" integer,
	"notes" text,
	"location_notes" text,
	"calibration_interval" smallint DEFAULT 2 NOT NULL,
	"calibration_ts" timestamp with time zone,
	"battery_ts" timestamp with time zone,
	"battery_alarm_ts" bigint DEFAULT 0 NOT NULL,
	"battery_voltage" double precision,
	"flush_minimum_temperature_deviation" smallint DEFAULT 2 NOT NULL,
	"flush_alarm_ts" bigint DEFAULT 0 NOT NULL,
	"lora_state" text DEFAULT 'Stopped' NOT NULL,
	"network_server_id" integer,
	"encryption_mode" text DEFAULT 'NS' NOT NULL,
	"lora_ts" timestamp with time zone,
	"counter" bigint,
	"rssi" double precision,
	"snr" double precision,
	"signal" smallint DEFAULT 0 NOT NULL,
	"presets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"connector_id" text,
	"connector_version" text,
	"diagnostics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sync" smallint DEFAULT -1 NOT NULL,
	"incorrect_settings" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downlinks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_eui" text NOT NULL,
	"network_server_id" integer,
	"f_port" integer NOT NULL,
	"payload" "bytea" NOT NULL,
	"registers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"mac" text NOT NULL,
	"name" text NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"product_id" integer,
	"type" text DEFAULT '' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateways_mac_unique" UNIQUE("mac")
);
--> statement-breakpoint
CREATE TABLE "intake_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network_server_id" integer,
	"event" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"calibration_interval" smallint DEFAULT 1 NOT NULL,
	"endpoint" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"secret" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_servers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "overflow_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_eui" text NOT NULL,
	"customer_id" integer,
	"location_id" integer,
	"resistance" double precision,
	"ts" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'Started' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_name" text,
	"image_type" text,
	"image_data" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_customers" (
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "user_customers_user_id_customer_id_pk" PRIMARY KEY("user_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"type" text,
	"language" text DEFAULT 'nl' NOT NULL,
	"portal_rights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flush_email_alerts" boolean DEFAULT false NOT NULL,
	"overflow_email_alerts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_device_eui_devices_eui_fk" FOREIGN KEY ("device_eui") REFERENCES "public"."devices"("eui") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_logs" ADD CONSTRAINT "calibration_logs_device_eui_devices_eui_fk" FOREIGN KEY ("device_eui") REFERENCES "public"."devices"("eui") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_logs" ADD CONSTRAINT "calibration_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_logs" ADD CONSTRAINT "calibration_logs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_channels" ADD CONSTRAINT "device_channels_device_eui_devices_eui_fk" FOREIGN KEY ("device_eui") REFERENCES "public"."devices"("eui") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_parameters" ADD CONSTRAINT "device_parameters_device_eui_devices_eui_fk" FOREIGN KEY ("device_eui") REFERENCES "public"."devices"("eui") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_flush_device_id_products_id_fk" FOREIGN KEY ("flush_device_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_network_server_id_network_servers_id_fk" FOREIGN KEY ("network_server_id") REFERENCES "public"."network_servers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downlinks" ADD CONSTRAINT "downlinks_device_eui_devices_eui_fk" FOREIGN KEY ("device_eui") REFERENCES "public"."devices"("eui") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downlinks" ADD CONSTRAINT "downlinks_network_server_id_network_servers_id_fk" FOREIGN KEY ("network_server_id") REFERENCES "public"."network_servers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_events" ADD CONSTRAINT "intake_events_network_server_id_network_servers_id_fk" FOREIGN KEY ("network_server_id") REFERENCES "public"."network_servers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overflow_logs" ADD CONSTRAINT "overflow_logs_device_eui_devices_eui_fk" FOREIGN KEY ("device_eui") REFERENCES "public"."devices"("eui") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overflow_logs" ADD CONSTRAINT "overflow_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overflow_logs" ADD CONSTRAINT "overflow_logs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_device_ts_idx" ON "audit_logs" USING btree ("device_eui","ts");--> statement-breakpoint
CREATE INDEX "calibration_logs_customer_ts_idx" ON "calibration_logs" USING btree ("customer_id","ts");--> statement-breakpoint
CREATE INDEX "calibration_logs_device_idx" ON "calibration_logs" USING btree ("device_eui");--> statement-breakpoint
CREATE INDEX "device_data_device_ts_idx" ON "device_data" USING btree ("device_eui","ts");--> statement-breakpoint
CREATE INDEX "devices_customer_location_idx" ON "devices" USING btree ("customer_id","location_id");--> statement-breakpoint
CREATE INDEX "devices_location_idx" ON "devices" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "devices_gateway_idx" ON "devices" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "devices_lora_ts_idx" ON "devices" USING btree ("lora_ts");--> statement-breakpoint
CREATE INDEX "downlinks_due_idx" ON "downlinks" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "downlinks_device_idx" ON "downlinks" USING btree ("device_eui");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_location_name_key" ON "gateways" USING btree ("location_id","name");--> statement-breakpoint
CREATE INDEX "gateways_customer_idx" ON "gateways" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_events_dedupe_key" ON "intake_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "intake_events_pending_idx" ON "intake_events" USING btree ("next_attempt_at") WHERE processed_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_customer_name_key" ON "locations" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "login_failures_subject_at_idx" ON "login_failures" USING btree ("subject","at");--> statement-breakpoint
CREATE INDEX "overflow_logs_state_idx" ON "overflow_logs" USING btree ("state","customer_id");--> statement-breakpoint
CREATE INDEX "overflow_logs_device_idx" ON "overflow_logs" USING btree ("device_eui");--> statement-breakpoint
CREATE INDEX "tokens_user_idx" ON "tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tokens_expires_idx" ON "tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_customers_customer_idx" ON "user_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));