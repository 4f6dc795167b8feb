-- The logbook's day summaries (docs/logbook.md, "Speed"): per node channel and UTC day what the
-- report needs of that day's readings, so a year's report stitches 365 summaries instead of
-- reading 35,000 readings per channel. channel_id '' holds the node's message times (offline);
-- limit_key is the limit the day was judged by ('atLeast:60'; '' for none). A day is summarised
-- only once it has ended; a reading that arrives for a summarised day (a late message, the outage
-- spool) deletes that node's summaries of that day (trigger below), so the next report reads the day
-- again from the history.
CREATE TABLE "logbook_days" (
	"device_eui" text NOT NULL,
	"day" date NOT NULL,
	"channel_id" text NOT NULL,
	"limit_key" text NOT NULL,
	"summary" jsonb NOT NULL,
	"computed_at" timestamptz NOT NULL DEFAULT now(),
	CONSTRAINT "logbook_days_pk" PRIMARY KEY ("device_eui", "day", "channel_id", "limit_key")
);
--> statement-breakpoint
-- Late readings for a past UTC day forget that day's summaries. The advisory lock (shared here,
-- exclusive while summaries are written: logbook-days.ts) makes a summary written from a snapshot
-- that missed a late reading impossible. Live readings (today) take no lock and delete nothing.
CREATE FUNCTION "logbook_days_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted WHERE ts < date_trunc('day', clock_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') THEN
    PERFORM pg_advisory_xact_lock_shared(7331024);
    DELETE FROM logbook_days d
     USING (SELECT DISTINCT device_eui, (ts AT TIME ZONE 'UTC')::date AS day FROM inserted
             WHERE ts < date_trunc('day', clock_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') late
     WHERE d.device_eui = late.device_eui AND d.day = late.day;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "device_data_logbook_days" AFTER INSERT ON "device_data" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "logbook_days_forget"();
--> statement-breakpoint
-- The history's few non-temperature messages (battery, flush, water detection, parameter reports,
-- versions) per node in time order: the logbook reads them for a year without touching the
-- temperature readings. The ids are those of the node profiles (a test keeps them in step).
CREATE INDEX "device_data_sparse_idx" ON "device_data" USING btree ("device_eui", "ts") WHERE "msg_id" IN (36, 40, 50, 52, 60, 62, 64, 70, 72, 74);
