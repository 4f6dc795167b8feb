-- Single sign-on with OpenID Connect (docs/sso.md; issue 42 item 1). sso_providers: what an
-- administrator configured; the client secret is kept (the token request needs it) and never
-- answered. sso_provider_customers: the customers given to users created on first sign-in.
-- sso_states: one started sign-in (the SHA-256 of its state, the nonce and the PKCE verifier), deleted
-- when the callback takes it, so a state works once. sso_handoffs: the one-time code the callback
-- gives the browser for its session (its SHA-256, bound to the browser's cookie), deleted when used.
CREATE TABLE IF NOT EXISTS sso_providers (
  id serial PRIMARY KEY,
  name text NOT NULL,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret text NOT NULL,
  domains jsonb NOT NULL DEFAULT '[]'::jsonb,
  enabled boolean NOT NULL DEFAULT true,
  create_users boolean NOT NULL DEFAULT false,
  portal_rights jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS sso_provider_customers (
  provider_id integer NOT NULL REFERENCES sso_providers (id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  PRIMARY KEY (provider_id, customer_id)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sso_provider_customers_customer_idx ON sso_provider_customers (customer_id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS sso_states (
  state_hash text PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES sso_providers (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sso_states_expires_idx ON sso_states (expires_at);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS sso_handoffs (
  code_hash text PRIMARY KEY,
  binding_hash text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sso_handoffs_expires_idx ON sso_handoffs (expires_at);
