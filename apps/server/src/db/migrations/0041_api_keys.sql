-- API keys, the service accounts of integrations (docs/api-keys.md; issue 42 item 4). Only the
-- SHA-256 of a key is kept (key_hash), with its first characters (hint) to tell keys apart. A key
-- holds its own rights (portal_rights, the flags of the user forms) and customers
-- (api_key_customers; `scoped` says it was given customers, so a key whose customers were all
-- deleted is refused instead of seeing every customer). Revoked keys stay, for the record.
CREATE TABLE IF NOT EXISTS api_keys (
  id serial PRIMARY KEY,
  name text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  hint text NOT NULL,
  portal_rights jsonb NOT NULL DEFAULT '{}'::jsonb,
  scoped boolean NOT NULL DEFAULT false,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_by_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_by_email text,
  last_used_at timestamptz,
  last_used_from text
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS api_key_customers (
  api_key_id integer NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  PRIMARY KEY (api_key_id, customer_id)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS api_key_customers_customer_idx ON api_key_customers (customer_id);
