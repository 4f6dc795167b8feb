-- Network servers and provisioning (docs/telemetry.md). The integration secret identifies the network
-- server an event comes from, so two servers may never share one (administrators may set their own).
CREATE UNIQUE INDEX "network_servers_secret_key" ON "network_servers" USING btree ("secret");
--> statement-breakpoint
-- Counting the devices of a network server (list column `nodes`, delete refused while > 0).
CREATE INDEX "devices_network_server_idx" ON "devices" USING btree ("network_server_id");
