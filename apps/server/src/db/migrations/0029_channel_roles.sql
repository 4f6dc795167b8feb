-- A channel's role (docs/logbook.md, "Roles"): what its sensor sits on (outlet, mixed outlet, heater
-- flow, circulation return, cold inlet, other). NULL: derived from the channel's mode (WW and KW an
-- outlet, Meng/uittap a mixed outlet, none other), so existing channels judge as before.
ALTER TABLE "device_channels" ADD COLUMN "role" text;
--> statement-breakpoint
ALTER TABLE "device_channels" ADD CONSTRAINT "device_channels_role_check"
  CHECK ("role" IS NULL OR "role" IN ('outlet', 'mixedOutlet', 'heaterFlow', 'circulationReturn', 'coldInlet', 'other'));
--> statement-breakpoint
-- A node's version keeps its channels' roles, so a period is judged by the role as it was. The key is
-- written only when a role is set: the versions of channels without one stay as they were (no new
-- version is written for every node by this migration).
CREATE OR REPLACE FUNCTION "device_version_state"(target text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'name', d.name,
    'type', d.type,
    'calibrationInterval', d.calibration_interval,
    'minimumDeviation', d.flush_minimum_temperature_deviation,
    'hasFaucet', d.flush_device_id IS NOT NULL,
    'parameters', coalesce((SELECT jsonb_object_agg(p.register::text, coalesce(p.reported, p.value)) FROM device_parameters p WHERE p.device_eui = d.eui), '{}'::jsonb),
    'channels', coalesce((SELECT jsonb_agg(jsonb_build_object('id', c.channel_id, 'name', c.name, 'mode', c.custom->>'mode', 'calibratedAt', c.calibrated_at)
                                           || CASE WHEN c.role IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('role', c.role) END ORDER BY c.channel_id)
                            FROM device_channels c WHERE c.device_eui = d.eui AND c.type = 'Temperatuur'), '[]'::jsonb))
  FROM devices d WHERE d.eui = target
$$;
--> statement-breakpoint
DROP TRIGGER "device_channels_versions_update" ON "device_channels";
--> statement-breakpoint
CREATE TRIGGER "device_channels_versions_update" AFTER UPDATE OF "name", "custom", "type", "calibrated_at", "role" ON "device_channels"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.custom->>'mode' IS DISTINCT FROM NEW.custom->>'mode' OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.calibrated_at IS DISTINCT FROM NEW.calibrated_at OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION "device_versions_of_row"();
