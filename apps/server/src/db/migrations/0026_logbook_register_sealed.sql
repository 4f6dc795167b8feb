-- Issue 38 item 4, "anyone can verify an issued file" (docs/logbook.md, "Issued reports").
-- The SHA-256 of the issued CSV's bytes (UTF-8, as downloaded), so a CSV handed over can be verified
-- like the PDF (pdf_sha256) and the JSON (sha256); filled here for the reports issued before.
ALTER TABLE logbook_reports ADD COLUMN IF NOT EXISTS csv_sha256 text;
--> statement-breakpoint
UPDATE logbook_reports SET csv_sha256 = encode(sha256(convert_to(csv, 'UTF8')), 'hex') WHERE csv_sha256 IS NULL;
--> statement-breakpoint
-- Who signed the issued PDF: {"subject": "...", "selfSigned": true|false}; NULL for a report issued unsigned (before signing).
ALTER TABLE logbook_reports ADD COLUMN IF NOT EXISTS signature jsonb;
--> statement-breakpoint
-- Verification finds a report by any of its three hashes.
CREATE INDEX IF NOT EXISTS logbook_reports_sha256_idx ON logbook_reports (sha256);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS logbook_reports_pdf_sha256_idx ON logbook_reports (pdf_sha256);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS logbook_reports_csv_sha256_idx ON logbook_reports (csv_sha256);
--> statement-breakpoint
-- The portal's own signing key when the operator configures none (LOGBOOK_SIGNING_P12): a
-- self-signed certificate made once by the first copy that signs, used by every copy after it.
-- One row (id 1): PKCS#12 bytes and the passphrase that opens them.
CREATE TABLE IF NOT EXISTS logbook_signing_keys (
  id integer PRIMARY KEY CHECK (id = 1),
  p12 bytea NOT NULL,
  passphrase text NOT NULL,
  subject text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- The register itself refuses to change: an UPDATE, DELETE or TRUNCATE of logbook_reports raises,
-- whoever sends it. Statement-level, so it raises even when no row matches. Like every ordinary
-- trigger it does not fire under session_replication_role = replica (superuser only): the tests'
-- reset empties the tables that way (src/test/test-database.ts).
CREATE OR REPLACE FUNCTION logbook_reports_sealed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'logbook_reports is a register of issued reports: % is not allowed', TG_OP
    USING ERRCODE = 'integrity_constraint_violation', HINT = 'docs/logbook.md, "Issued reports"';
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS logbook_reports_sealed ON logbook_reports;
--> statement-breakpoint
CREATE TRIGGER logbook_reports_sealed BEFORE UPDATE OR DELETE OR TRUNCATE ON logbook_reports FOR EACH STATEMENT EXECUTE FUNCTION logbook_reports_sealed();
