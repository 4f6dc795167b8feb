-- Planned thermal disinfections (docs/logbook.md, "Thermal disinfection"; issue 39 item 3): the
-- engineer records that a disinfection was done at a location from .. to .., with a note; the
-- logbook report checks every hot outlet of the location in that window. Insert-only, like
-- deviation_actions: a record of a closed (issued) period must never change, so no record changes;
-- an UPDATE, DELETE or TRUNCATE raises, whoever sends it. No foreign key to locations: like
-- deviations, the record outlives a deleted location (compliance history).
CREATE TABLE IF NOT EXISTS planned_disinfections (
  id bigserial PRIMARY KEY,
  location_id integer NOT NULL,
  from_at timestamptz NOT NULL,
  to_at timestamptz NOT NULL,
  note text NOT NULL DEFAULT '',
  user_id integer,
  user_email text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT planned_disinfections_window CHECK (to_at > from_at AND to_at - from_at <= interval '24 hours')
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS planned_disinfections_location_idx ON planned_disinfections (location_id, from_at DESC, id DESC);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION planned_disinfections_sealed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'planned_disinfections is insert-only: % is not allowed (a record of a period never changes)', TG_OP
    USING ERRCODE = 'integrity_constraint_violation', HINT = 'docs/logbook.md, "Thermal disinfection"';
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS planned_disinfections_sealed ON planned_disinfections;
--> statement-breakpoint
CREATE TRIGGER planned_disinfections_sealed BEFORE UPDATE OR DELETE OR TRUNCATE ON planned_disinfections FOR EACH STATEMENT EXECUTE FUNCTION planned_disinfections_sealed();
