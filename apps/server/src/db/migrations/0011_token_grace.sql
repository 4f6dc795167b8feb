-- A renewed token keeps working for a short grace period (identity/tokens.ts,
-- TOKEN_RENEWAL_GRACE_SECONDS): a request that left with it while the renewal ran must not sign the
-- user out. renewed_at marks it, so it cannot be renewed a second time.
ALTER TABLE tokens ADD COLUMN IF NOT EXISTS renewed_at timestamptz;
