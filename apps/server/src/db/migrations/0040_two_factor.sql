-- Two-factor sign-in (docs/users.md, "Two-factor sign-in"; issue 42, item 2). A user's TOTP secret
-- (base32, needed in the clear to compute codes), set up but not yet confirmed while enabled_at is
-- null; last_step is the last time step whose code was used (a code works once). Recovery codes are
-- kept as slow salted hashes (identity/passwords.ts), used once. A challenge is the short-lived,
-- single-purpose token between the password step and the code step: only its SHA-256 is kept.
CREATE TABLE IF NOT EXISTS user_two_factor (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  enabled_at timestamptz,
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS two_factor_recovery_codes (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS two_factor_recovery_codes_user_idx ON two_factor_recovery_codes (user_id) WHERE used_at IS NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS two_factor_challenges (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('code', 'setup')),
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A customer's users must use two-factor sign-in (an administrator's setting).
ALTER TABLE customers ADD COLUMN IF NOT EXISTS require_two_factor boolean NOT NULL DEFAULT false;
