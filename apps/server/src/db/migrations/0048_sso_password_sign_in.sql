-- Single sign-on only (docs/sso.md, "Only through the provider"): with password_sign_in off, the
-- addresses of a provider's domains sign in only through it (administrators keep their password)
-- and get no password reset link.
ALTER TABLE sso_providers ADD COLUMN IF NOT EXISTS password_sign_in boolean NOT NULL DEFAULT true;
