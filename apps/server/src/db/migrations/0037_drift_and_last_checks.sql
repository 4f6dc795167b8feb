-- Possible sensor drift on a node's channel (docs/calibration.md, "Drift"; issue 41 item 5): a check's
-- manual reading at an outlet linked to the channel differed by more than 1.5 °C from the node's.
-- The newest such check's pair is kept on the channel until the channel's next calibration; while it
-- is there, the node counts as calibration due (the dashboard, its lists and the node list).
ALTER TABLE device_channels ADD COLUMN IF NOT EXISTS drift jsonb;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS device_channels_drift_idx ON device_channels (device_eui) WHERE drift IS NOT NULL;
--> statement-breakpoint
-- The latest done check per outlet and check kind (docs/outlets.md, "Speed"): the due dates of a
-- customer's 20,000 outlets read these instead of grouping a year of checks. Kept by the trigger
-- below on every insert (checks are insert-only); filled from the checks there are.
CREATE TABLE IF NOT EXISTS outlet_check_last (
  outlet_id bigint NOT NULL REFERENCES outlets (id) ON DELETE CASCADE,
  check_kind text NOT NULL,
  location_id integer NOT NULL,
  done_at timestamptz NOT NULL,
  PRIMARY KEY (outlet_id, check_kind)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outlet_check_last_location_idx ON outlet_check_last (location_id);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION outlet_check_last_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.outcome = 'done' THEN
    INSERT INTO outlet_check_last (outlet_id, check_kind, location_id, done_at)
    VALUES (NEW.outlet_id, NEW.check_kind, NEW.location_id, NEW.done_at)
    ON CONFLICT (outlet_id, check_kind) DO UPDATE SET done_at = greatest(outlet_check_last.done_at, EXCLUDED.done_at);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outlet_check_last_keep ON outlet_checks;
--> statement-breakpoint
CREATE TRIGGER outlet_check_last_keep AFTER INSERT ON outlet_checks FOR EACH ROW EXECUTE FUNCTION outlet_check_last_keep();
--> statement-breakpoint
INSERT INTO outlet_check_last (outlet_id, check_kind, location_id, done_at)
SELECT outlet_id, check_kind, min(location_id), max(done_at) FROM outlet_checks WHERE outcome = 'done' GROUP BY outlet_id, check_kind
ON CONFLICT (outlet_id, check_kind) DO UPDATE SET done_at = greatest(outlet_check_last.done_at, EXCLUDED.done_at);
