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
