-- Outlets, issue 41 continued (docs/outlets.md, "Photos"): a photo taken at the outlet with a check.
-- One photo per check, stored in the database (bytea; at most 5 MiB, a JPEG, PNG or WebP by its first
-- bytes, checked by the server before it gets here), written in the check's own transaction. Kept with
-- its check: checks are records, neither changed nor deleted.
CREATE TABLE IF NOT EXISTS outlet_check_photos (
  check_id bigint PRIMARY KEY REFERENCES outlet_checks (id),
  type text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  bytes bytea NOT NULL,
  user_email text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
