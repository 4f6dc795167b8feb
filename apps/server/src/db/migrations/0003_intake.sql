-- Telemetry intake and downlinks (docs/telemetry.md). The network server's own names for a device: The
-- Things Stack needs its device id to push a downlink, ChirpStack MQTT needs the application id
-- in the topic. Both are learned from the device's uplinks.
ALTER TABLE "devices" ADD COLUMN "network_device_id" text;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "network_application_id" text;
--> statement-breakpoint
-- Events that could not be processed (unknown device, undecodable payload) are kept for administrators.
CREATE INDEX "intake_events_failed_idx" ON "intake_events" USING btree ("received_at") WHERE last_error IS NOT NULL;
