-- Sampling: sample points, a location's plan, laboratory results (docs/sampling.md; issue 40). No
-- foreign keys to places: like alarms and deviations, results outlive a deleted location (compliance
-- history); a sample point with results cannot be deleted (409), so results keep their point.
CREATE TABLE IF NOT EXISTS sample_points (
  id bigserial PRIMARY KEY,
  location_id integer NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('hot', 'cold')),
  priority boolean NOT NULL DEFAULT false,
  -- Optionally the node channel that measures at this outlet.
  device_eui text,
  channel_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS sample_points_name_idx ON sample_points (location_id, name);
--> statement-breakpoint
-- A location's own plan; no row, or null fields: the rulebook's defaults.
CREATE TABLE IF NOT EXISTS sampling_plans (
  location_id integer PRIMARY KEY,
  interval_months integer CHECK (interval_months BETWEEN 1 AND 120),
  de_use text CHECK (de_use IN ('public', 'commercial')),
  resample_within_days integer CHECK (resample_within_days BETWEEN 1 AND 365),
  taps integer CHECK (taps >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A laboratory result: the counts as the lab reported them (jsonb, each with its unit), the verdict
-- and legal step under the rulebook in force when it was entered, the alarm it opened or joined.
CREATE TABLE IF NOT EXISTS sample_results (
  id bigserial PRIMARY KEY,
  sample_point_id bigint NOT NULL REFERENCES sample_points (id),
  location_id integer NOT NULL,
  sample_id text NOT NULL,
  taken_at timestamptz NOT NULL,
  lab text NOT NULL,
  accreditation text,
  method text NOT NULL,
  water_celsius double precision,
  counts jsonb NOT NULL,
  rulebook text NOT NULL CHECK (rulebook IN ('NL', 'UK', 'DE')),
  highest_per_litre double precision,
  verdict text NOT NULL,
  legal_step text NOT NULL,
  severity text,
  resample boolean NOT NULL DEFAULT false,
  repeated_report boolean NOT NULL DEFAULT false,
  resample_due date,
  alarm_id bigint,
  source text NOT NULL CHECK (source IN ('form', 'csv')),
  user_id integer,
  user_email text NOT NULL,
  entered_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS sample_results_sample_idx ON sample_results (location_id, sample_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sample_results_point_idx ON sample_results (sample_point_id, taken_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sample_results_location_idx ON sample_results (location_id, taken_at DESC, id DESC);
--> statement-breakpoint
-- The alarm store's fourth subject column (modules/alarm-store/alarm-subject.ts): a sample point.
ALTER TABLE alarms ADD COLUMN IF NOT EXISTS sample_point_id bigint;
--> statement-breakpoint
DROP INDEX IF EXISTS alarms_one_active_key;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS alarms_one_active_key ON alarms (kind, coalesce(device_eui, ''), coalesce(gateway_id, 0), channel_id, coalesce(sample_point_id, 0)) WHERE closed_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alarms_sample_point_idx ON alarms (sample_point_id, opened_at DESC) WHERE sample_point_id IS NOT NULL;
