-- Forgotten-password links (docs/users.md, "Forgotten password"; issue 42): only the SHA-256 of a
-- link's token is kept. A link is used once (used_at) and ends at expires_at; asking for a new one
-- ends the user's earlier ones. A deleted user takes their links along.
CREATE TABLE IF NOT EXISTS password_resets (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  requested_from text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS password_resets_user_idx ON password_resets (user_id) WHERE used_at IS NULL;
