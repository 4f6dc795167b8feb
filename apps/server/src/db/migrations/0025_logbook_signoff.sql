-- The logbook's sign-off and supersession (docs/logbook.md, "Sign-off" and "Issued reports").
-- Who is accountable for a location's water: a responsible person and a deputy, each
-- {name, role, organisation, email, phone} (docs/places.md, "Responsible person"); a location
-- without its own takes its customer's.
ALTER TABLE customers ADD COLUMN IF NOT EXISTS responsible jsonb;
--> statement-breakpoint
ALTER TABLE customers ADD COLUMN IF NOT EXISTS deputy jsonb;
--> statement-breakpoint
ALTER TABLE locations ADD COLUMN IF NOT EXISTS responsible jsonb;
--> statement-breakpoint
ALTER TABLE locations ADD COLUMN IF NOT EXISTS deputy jsonb;
--> statement-breakpoint
-- A second issue of the same subject and period supersedes the earlier ones. logbook_reports is
-- never updated (a trigger refuses it), so the supersession is a row of its own, inserted once:
-- no foreign keys, like logbook_reports.
CREATE TABLE IF NOT EXISTS logbook_report_supersessions (
  report_number text PRIMARY KEY,
  superseded_by text NOT NULL,
  reason text NOT NULL,
  superseded_at timestamptz NOT NULL DEFAULT now(),
  superseded_by_user text NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS logbook_report_supersessions_by_idx ON logbook_report_supersessions (superseded_by);
