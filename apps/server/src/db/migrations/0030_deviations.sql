-- Deviations as records (docs/logbook.md, "Deviations"; issue 39 item 1). A deviation is a finding
-- of the logbook report (an excursion, a failed or missed flush, a monitoring gap, an overdue
-- calibration, an alarm), materialised under a deterministic key, so finding it again (another
-- report, the monthly draft, the days job) updates the one row. No foreign keys to places or
-- alarms: like alarms, a deviation outlives a deleted node or location (compliance history).
CREATE TABLE IF NOT EXISTS deviations (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  location_id integer NOT NULL,
  kind text NOT NULL,
  alarm_kind text,
  device_eui text NOT NULL,
  node_name text NOT NULL,
  channel_id text,
  started_at timestamptz NOT NULL,
  -- null: still going when it was last found.
  ended_at timestamptz,
  -- The alarm record it was found with (kind 'alarm'): its resolution handles it.
  alarm_id bigint,
  found_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS deviations_key_idx ON deviations (key);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS deviations_location_idx ON deviations (location_id, started_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS deviations_subject_idx ON deviations (location_id, device_eui, kind, started_at);
--> statement-breakpoint
-- What was done about a deviation: cause, corrective action, when, who, optionally the alarm whose
-- handling it was. Insert-only, like the logbook's register: a correction is a new action, and the
-- latest counts; an UPDATE, DELETE or TRUNCATE raises, whoever sends it.
CREATE TABLE IF NOT EXISTS deviation_actions (
  id bigserial PRIMARY KEY,
  deviation_id bigint NOT NULL REFERENCES deviations (id),
  cause text NOT NULL,
  action text NOT NULL,
  acted_at timestamptz NOT NULL,
  alarm_id bigint,
  user_id integer,
  user_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS deviation_actions_deviation_idx ON deviation_actions (deviation_id, created_at DESC, id DESC);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deviation_actions_sealed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'deviation_actions is insert-only: % is not allowed (a correction is a new action)', TG_OP
    USING ERRCODE = 'integrity_constraint_violation', HINT = 'docs/logbook.md, "Deviations"';
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS deviation_actions_sealed ON deviation_actions;
--> statement-breakpoint
CREATE TRIGGER deviation_actions_sealed BEFORE UPDATE OR DELETE OR TRUNCATE ON deviation_actions FOR EACH STATEMENT EXECUTE FUNCTION deviation_actions_sealed();
