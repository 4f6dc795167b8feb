-- What was true of a customer or location when (docs/logbook.md, "What was true in the period"):
-- the data the logbook judges and prints a period by (name, address, country, rulebook, healthcare
-- premises, time zone). A new version is written when one of them changes; the logbook takes the
-- version that held at the period's end, so a rulebook chosen today does not judge last month.
-- `kind` 'c' a customer, 'l' a location.
CREATE TABLE "place_versions" (
  "kind" text NOT NULL,
  "place_id" integer NOT NULL,
  "valid_from" timestamptz NOT NULL,
  "state" jsonb NOT NULL,
  CONSTRAINT "place_versions_pk" PRIMARY KEY ("kind", "place_id", "valid_from")
);
--> statement-breakpoint
CREATE FUNCTION "place_version_state"(place_kind text, target integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN place_kind = 'c' THEN
    (SELECT jsonb_build_object('name', c.name, 'address', c.address, 'postalCode', c.postal_code, 'city', c.city, 'country', c.country, 'rulebook', c.rulebook)
       FROM customers c WHERE c.id = target)
  ELSE
    (SELECT jsonb_build_object('name', l.name, 'address', l.address, 'postalCode', l.postal_code, 'city', l.city, 'country', l.country, 'rulebook', l.rulebook,
                               'healthcare', l.healthcare, 'timeZone', l.time_zone)
       FROM locations l WHERE l.id = target)
  END
$$;
--> statement-breakpoint
-- As device versions (migration 0024): while an import of history runs, the state holds from always.
CREATE FUNCTION "record_place_version"(place_kind text, target integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  current_state jsonb := place_version_state(place_kind, target);
BEGIN
  IF current_state IS NULL THEN RETURN; END IF;
  IF (SELECT importing FROM device_history_import LIMIT 1) THEN
    DELETE FROM place_versions WHERE kind = place_kind AND place_id = target;
    INSERT INTO place_versions (kind, place_id, valid_from, state) VALUES (place_kind, target, '-infinity', current_state);
    RETURN;
  END IF;
  IF (SELECT v.state FROM place_versions v WHERE v.kind = place_kind AND v.place_id = target ORDER BY v.valid_from DESC LIMIT 1) IS NOT DISTINCT FROM current_state THEN
    RETURN;
  END IF;
  INSERT INTO place_versions (kind, place_id, valid_from, state)
    VALUES (place_kind, target, CASE WHEN EXISTS (SELECT 1 FROM place_versions v WHERE v.kind = place_kind AND v.place_id = target) THEN now() ELSE '-infinity' END, current_state)
  ON CONFLICT (kind, place_id, valid_from) DO UPDATE SET state = EXCLUDED.state;
END $$;
--> statement-breakpoint
CREATE FUNCTION "place_versions_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_place_version(TG_ARGV[0], NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customers_versions" AFTER INSERT OR UPDATE OF "name", "address", "postal_code", "city", "country", "rulebook" ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "place_versions_of_row"('c');
--> statement-breakpoint
CREATE TRIGGER "locations_versions" AFTER INSERT OR UPDATE OF "name", "address", "postal_code", "city", "country", "rulebook", "healthcare", "time_zone" ON "locations"
  FOR EACH ROW EXECUTE FUNCTION "place_versions_of_row"('l');
--> statement-breakpoint
INSERT INTO "place_versions" ("kind", "place_id", "valid_from", "state")
  SELECT 'c', c.id, '-infinity', place_version_state('c', c.id) FROM customers c;
--> statement-breakpoint
INSERT INTO "place_versions" ("kind", "place_id", "valid_from", "state")
  SELECT 'l', l.id, '-infinity', place_version_state('l', l.id) FROM locations l;
