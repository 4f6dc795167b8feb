-- Gateways heard (docs/gateways.md): a registered gateway's last-seen time and the nodes it heard.
-- last_seen_at is moved on by the intake at most once a minute per gateway (the row is not locked
-- by every batch); watched_since is the time from which the gateway is expected to be heard: its
-- registration, a new MAC, or for the gateways registered before this migration, the migration.
ALTER TABLE gateways ADD COLUMN IF NOT EXISTS last_seen_at timestamptz;
--> statement-breakpoint
ALTER TABLE gateways ADD COLUMN IF NOT EXISTS watched_since timestamptz NOT NULL DEFAULT now();
--> statement-breakpoint
-- One row per gateway and node it heard, the last time. No foreign key to devices: the intake has
-- the device locked already, and a row of a node that is gone is harmless (the screens join it).
-- fillfactor 70 and no index on the changing columns: the intake's upserts stay HOT updates.
CREATE TABLE IF NOT EXISTS gateway_nodes (
  gateway_id integer NOT NULL REFERENCES gateways(id) ON DELETE CASCADE,
  device_eui text NOT NULL,
  last_heard_at timestamptz NOT NULL,
  rssi double precision,
  snr double precision,
  PRIMARY KEY (gateway_id, device_eui)
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS gateway_nodes_device_idx ON gateway_nodes (device_eui);
