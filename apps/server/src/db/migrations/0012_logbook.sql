-- The legionella logbook (docs/logbook.md).
-- Which rulebook judges a customer's locations (NULL: by the customer's country) and a location's
-- own choice (NULL: the customer's); healthcare premises ask more of hot water (UK); the location's
-- time zone sets the period's days and weeks.
ALTER TABLE customers ADD COLUMN IF NOT EXISTS rulebook text CHECK (rulebook IN ('NL', 'UK', 'DE'));
--> statement-breakpoint
ALTER TABLE locations ADD COLUMN IF NOT EXISTS rulebook text CHECK (rulebook IN ('NL', 'UK', 'DE'));
--> statement-breakpoint
ALTER TABLE locations ADD COLUMN IF NOT EXISTS healthcare boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE locations ADD COLUMN IF NOT EXISTS time_zone text NOT NULL DEFAULT 'Europe/Amsterdam';
--> statement-breakpoint
-- The monthly logbook by e-mail, switched on per user like the alert toggles.
ALTER TABLE users ADD COLUMN IF NOT EXISTS logbook_emails boolean NOT NULL DEFAULT false;
--> statement-breakpoint

-- Issued (registered) reports. No foreign keys to customers and locations on purpose: an issued
-- report is kept for its rulebook's years (keep_until) even when its location is deleted; its
-- names are in content. content is the report as JSON, pdf and csv its bytes as issued.
CREATE SEQUENCE IF NOT EXISTS logbook_report_numbers;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS logbook_reports (
  id bigserial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  scope text NOT NULL CHECK (scope IN ('location', 'customer')),
  customer_id integer NOT NULL,
  location_id integer,
  period_from date NOT NULL,
  period_to date NOT NULL,
  rulebook text NOT NULL,
  verdict text NOT NULL,
  language text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  issued_by text NOT NULL,
  sha256 text NOT NULL,
  pdf_sha256 text NOT NULL,
  content jsonb NOT NULL,
  pdf bytea NOT NULL,
  csv text NOT NULL,
  keep_until timestamptz NOT NULL
);
--> statement-breakpoint
-- Owned by the number column, so a table reset (the tests' TRUNCATE ... RESTART IDENTITY) restarts the numbers too.
ALTER SEQUENCE logbook_report_numbers OWNED BY logbook_reports.number;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS logbook_reports_customer_idx ON logbook_reports (customer_id, issued_at DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS logbook_reports_location_idx ON logbook_reports (location_id, issued_at DESC) WHERE location_id IS NOT NULL;
--> statement-breakpoint
-- The monthly mail issues one report per location and month: this makes the job safe to repeat.
CREATE UNIQUE INDEX IF NOT EXISTS logbook_reports_monthly_idx ON logbook_reports (location_id, period_from, period_to, language) WHERE issued_by = 'monthly';
