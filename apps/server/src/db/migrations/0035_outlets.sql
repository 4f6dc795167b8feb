-- Outlets and their check plans (docs/outlets.md; issue 41): a location's outlet register and its
-- own overrides of the rulebook's check plans. No foreign keys to places, like sample points; the
-- link to a sample point is one (a deleted point leaves the outlet unlinked).
CREATE TABLE IF NOT EXISTS outlets (
  id bigserial PRIMARY KEY,
  location_id integer NOT NULL,
  name text NOT NULL,
  room text,
  floor text,
  kind text NOT NULL CHECK (kind IN ('shower', 'washbasinTap', 'sink', 'tmv', 'cistern', 'calorifier', 'coldTank', 'coldInlet', 'other')),
  water text NOT NULL CHECK (water IN ('hot', 'cold', 'mixed')),
  sentinel text NOT NULL DEFAULT 'none' CHECK (sentinel IN ('none', 'nearest', 'furthest')),
  little_used boolean NOT NULL DEFAULT false,
  -- Optionally the node channel that measures at this outlet, and the sample point at it.
  device_eui text,
  channel_id text,
  sample_point_id bigint REFERENCES sample_points (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS outlets_name_idx ON outlets (location_id, name);
--> statement-breakpoint
-- One outlet per sample point.
CREATE UNIQUE INDEX IF NOT EXISTS outlets_sample_point_idx ON outlets (sample_point_id) WHERE sample_point_id IS NOT NULL;
--> statement-breakpoint
-- A location's override of one check kind: switched off, or its own period; no row: the rulebook's plan.
CREATE TABLE IF NOT EXISTS outlet_check_overrides (
  location_id integer NOT NULL,
  check_kind text NOT NULL CHECK (check_kind IN ('sentinelTemperature', 'showerheadDescaling', 'tmvService', 'coldTankInspection', 'incomingColdWater', 'littleUsedFlush')),
  off boolean NOT NULL DEFAULT false,
  period_unit text CHECK (period_unit IN ('months', 'days')),
  period_count integer CHECK (period_count BETWEEN 1 AND 366),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (location_id, check_kind),
  CHECK ((period_unit IS NULL) = (period_count IS NULL))
);
--> statement-breakpoint
-- A check done (or found not possible) at an outlet: a compliance record, never changed or deleted
-- through the API; an outlet with checks is not deleted (409). The reading's limit, running time and
-- verdict are kept as judged when it was recorded. `entry_id` is the recording device's own id of
-- the entry: the same entry sent twice (a retry, the offline queue) is stored once.
CREATE TABLE IF NOT EXISTS outlet_checks (
  id bigserial PRIMARY KEY,
  location_id integer NOT NULL,
  outlet_id bigint NOT NULL REFERENCES outlets (id),
  check_kind text NOT NULL CHECK (check_kind IN ('sentinelTemperature', 'showerheadDescaling', 'tmvService', 'coldTankInspection', 'incomingColdWater', 'littleUsedFlush')),
  outcome text NOT NULL CHECK (outcome IN ('done', 'notPossible')),
  reason text,
  celsius double precision,
  ran_seconds integer,
  allowed_seconds integer,
  rulebook text NOT NULL CHECK (rulebook IN ('NL', 'UK', 'DE')),
  limit_kind text CHECK (limit_kind IN ('atLeast', 'atMost', 'below')),
  limit_celsius double precision,
  verdict text CHECK (verdict IN ('withinLimit', 'outsideLimit', 'notWithinTime', 'notJudged')),
  alarm_id bigint,
  -- The node's reading paired with the manual one (the outlet's linked channel, nearest within 15 minutes) and whether they differ by more than 1.5 °C.
  node_eui text,
  node_channel text,
  node_celsius double precision,
  node_at timestamptz,
  drift boolean,
  note text,
  done_at timestamptz NOT NULL,
  entry_id text,
  user_id integer,
  user_email text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CHECK (outcome = 'done' OR reason IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outlet_checks_outlet_idx ON outlet_checks (outlet_id, check_kind, done_at DESC) WHERE outcome = 'done';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outlet_checks_location_idx ON outlet_checks (location_id, done_at DESC, id DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS outlet_checks_entry_idx ON outlet_checks (location_id, entry_id) WHERE entry_id IS NOT NULL;
--> statement-breakpoint
-- The alarm store's fifth subject column (modules/alarm-store/alarm-subject.ts): an outlet (a check's reading outside the limit).
ALTER TABLE alarms ADD COLUMN IF NOT EXISTS outlet_id bigint;
--> statement-breakpoint
DROP INDEX IF EXISTS alarms_one_active_key;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS alarms_one_active_key ON alarms (kind, coalesce(device_eui, ''), coalesce(gateway_id, 0), channel_id, coalesce(sample_point_id, 0), coalesce(outlet_id, 0)) WHERE closed_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alarms_outlet_idx ON alarms (outlet_id, opened_at DESC) WHERE outlet_id IS NOT NULL;
