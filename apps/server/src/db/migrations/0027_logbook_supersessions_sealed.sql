-- The supersessions of issued logbook reports are part of the register (docs/logbook.md, "Issued
-- reports"): which report counts must not change after the fact either. Like logbook_reports
-- (migration 0026), an UPDATE, DELETE or TRUNCATE raises, whoever sends it.
CREATE OR REPLACE FUNCTION logbook_register_sealed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is part of the register of issued logbook reports: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'integrity_constraint_violation', HINT = 'docs/logbook.md, "Issued reports"';
END $$;
--> statement-breakpoint
CREATE TRIGGER logbook_report_supersessions_sealed BEFORE UPDATE OR DELETE OR TRUNCATE ON logbook_report_supersessions FOR EACH STATEMENT EXECUTE FUNCTION logbook_register_sealed();
