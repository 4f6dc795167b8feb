-- What was true of a node when (docs/logbook.md, "What was true in the period"): where it was
-- placed, its names, channels and modes, its calibration interval, faucet and settings registers.
-- A new version is written whenever one of those changes; a version holds from `valid_from` until
-- the next one of the same node. The logbook judges a period by the versions that held in it, so a
-- closed period's report stays the same whatever is changed, registered or moved afterwards.
CREATE TABLE "device_versions" (
  "device_eui" text NOT NULL,
  "valid_from" timestamptz NOT NULL,
  "location_id" integer,
  "state" jsonb NOT NULL,
  CONSTRAINT "device_versions_pk" PRIMARY KEY ("device_eui", "valid_from")
);
--> statement-breakpoint
CREATE INDEX "device_versions_location_idx" ON "device_versions" USING btree ("location_id", "device_eui") WHERE "location_id" IS NOT NULL;
--> statement-breakpoint
-- One row. While `importing` (the demo seed, seed:scale, an import of old history, the server
-- tests' fixtures), a node's current state is taken as always true: its versions are replaced by
-- one from -infinity, since the history loaded with it was recorded where it stands now.
CREATE TABLE "device_history_import" ("importing" boolean NOT NULL);
--> statement-breakpoint
INSERT INTO "device_history_import" ("importing") VALUES (false);
--> statement-breakpoint
-- Settings registers as the node holds them: what it reported, else what was saved (a register it
-- never reported). A value sent and not yet confirmed does not change what the node does.
CREATE FUNCTION "device_version_state"(target text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'name', d.name,
    'type', d.type,
    'calibrationInterval', d.calibration_interval,
    'minimumDeviation', d.flush_minimum_temperature_deviation,
    'hasFaucet', d.flush_device_id IS NOT NULL,
    'parameters', coalesce((SELECT jsonb_object_agg(p.register::text, coalesce(p.reported, p.value)) FROM device_parameters p WHERE p.device_eui = d.eui), '{}'::jsonb),
    'channels', coalesce((SELECT jsonb_agg(jsonb_build_object('id', c.channel_id, 'name', c.name, 'mode', c.custom->>'mode', 'calibratedAt', c.calibrated_at) ORDER BY c.channel_id)
                            FROM device_channels c WHERE c.device_eui = d.eui AND c.type = 'Temperatuur'), '[]'::jsonb))
  FROM devices d WHERE d.eui = target
$$;
--> statement-breakpoint
-- Only nodes that are placed, or were when their last version was written, get versions: an
-- unplaced node (provisioned, in stock) counts nowhere, and its version is written when it is
-- placed. So a provisioning of thousands of new nodes writes none.
CREATE FUNCTION "record_device_versions"(targets text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF targets IS NULL OR cardinality(targets) = 0 THEN RETURN; END IF;
  IF (SELECT importing FROM device_history_import LIMIT 1) THEN
    DELETE FROM device_versions WHERE device_eui = ANY (targets);
    INSERT INTO device_versions (device_eui, valid_from, location_id, state)
      SELECT d.eui, '-infinity', d.location_id, device_version_state(d.eui) FROM devices d WHERE d.eui = ANY (targets) AND d.location_id IS NOT NULL;
    RETURN;
  END IF;
  INSERT INTO device_versions (device_eui, valid_from, location_id, state)
    SELECT c.eui, now(), c.location_id, c.state
      FROM (SELECT d.eui, d.location_id, l.location_id AS last_location, l.state AS last_state, device_version_state(d.eui) AS state
              FROM devices d
              LEFT JOIN LATERAL (SELECT v.location_id, v.state FROM device_versions v WHERE v.device_eui = d.eui ORDER BY v.valid_from DESC LIMIT 1) l ON true
             WHERE d.eui = ANY (targets) AND (d.location_id IS NOT NULL OR l.location_id IS NOT NULL)) c
     WHERE c.last_state IS NULL OR c.last_location IS DISTINCT FROM c.location_id OR c.last_state <> c.state
  ON CONFLICT (device_eui, valid_from) DO UPDATE SET location_id = EXCLUDED.location_id, state = EXCLUDED.state;
END $$;
--> statement-breakpoint
-- Inserts and deletes come in sets (provisioning, seeds): one call per statement. Updates of the
-- few columns a version holds are rare and single: a row trigger that fires only when one of them
-- changed, so the intake's updates of a node (last seen, battery, signal) never reach it.
CREATE FUNCTION "device_versions_of_devices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_device_versions((SELECT array_agg(DISTINCT r.eui) FROM changed_rows r));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "device_versions_of_node_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_device_versions((SELECT array_agg(DISTINCT r.device_eui) FROM changed_rows r));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "device_versions_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- devices name the node `eui`, the rows under it `device_eui`.
  PERFORM record_device_versions(ARRAY[coalesce(to_jsonb(NEW)->>'device_eui', to_jsonb(NEW)->>'eui')]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "devices_versions_insert" AFTER INSERT ON "devices" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_versions_of_devices"();
--> statement-breakpoint
CREATE TRIGGER "devices_versions_update" AFTER UPDATE OF "location_id", "name", "type", "calibration_interval", "flush_device_id", "flush_minimum_temperature_deviation" ON "devices"
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.calibration_interval IS DISTINCT FROM NEW.calibration_interval OR OLD.flush_device_id IS DISTINCT FROM NEW.flush_device_id
    OR OLD.flush_minimum_temperature_deviation IS DISTINCT FROM NEW.flush_minimum_temperature_deviation)
  EXECUTE FUNCTION "device_versions_of_row"();
--> statement-breakpoint
CREATE TRIGGER "device_channels_versions_insert" AFTER INSERT ON "device_channels" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_versions_of_node_rows"();
--> statement-breakpoint
CREATE TRIGGER "device_channels_versions_delete" AFTER DELETE ON "device_channels" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_versions_of_node_rows"();
--> statement-breakpoint
CREATE TRIGGER "device_channels_versions_update" AFTER UPDATE OF "name", "custom", "type", "calibrated_at" ON "device_channels"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.custom->>'mode' IS DISTINCT FROM NEW.custom->>'mode' OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.calibrated_at IS DISTINCT FROM NEW.calibrated_at)
  EXECUTE FUNCTION "device_versions_of_row"();
--> statement-breakpoint
CREATE TRIGGER "device_parameters_versions_insert" AFTER INSERT ON "device_parameters" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_versions_of_node_rows"();
--> statement-breakpoint
CREATE TRIGGER "device_parameters_versions_delete" AFTER DELETE ON "device_parameters" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_versions_of_node_rows"();
--> statement-breakpoint
CREATE TRIGGER "device_parameters_versions_update" AFTER UPDATE OF "value", "reported" ON "device_parameters"
  FOR EACH ROW WHEN (coalesce(OLD.reported, OLD.value) IS DISTINCT FROM coalesce(NEW.reported, NEW.value))
  EXECUTE FUNCTION "device_versions_of_row"();
--> statement-breakpoint
-- The nodes placed now. Where an audit entry says when a node was registered at or moved to its
-- location, it counts there from then on (before: nowhere we know); otherwise from always, which is
-- what the logbook assumed until now.
INSERT INTO "device_versions" ("device_eui", "valid_from", "location_id", "state")
  SELECT d.eui, '-infinity', d.location_id, device_version_state(d.eui)
    FROM devices d
    LEFT JOIN LATERAL (SELECT a.ts FROM audit_logs a WHERE a.device_eui = d.eui AND a.value->>'action' IN ('register', 'move') ORDER BY a.ts DESC LIMIT 1) placed ON true
   WHERE d.location_id IS NOT NULL AND placed.ts IS NULL;
--> statement-breakpoint
INSERT INTO "device_versions" ("device_eui", "valid_from", "location_id", "state")
  SELECT d.eui, placed.ts, d.location_id, device_version_state(d.eui)
    FROM devices d
    JOIN LATERAL (SELECT a.ts FROM audit_logs a WHERE a.device_eui = d.eui AND a.value->>'action' IN ('register', 'move') ORDER BY a.ts DESC LIMIT 1) placed ON true
   WHERE d.location_id IS NOT NULL;
