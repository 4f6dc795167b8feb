-- Possible sensor drift on a node's channel (docs/calibration.md, "Drift"; issue 41 item 5): a check's
-- manual reading at an outlet linked to the channel differed by more than 1.5 °C from the node's.
-- The newest such check's pair is kept on the channel until the channel's next calibration; while it
-- is there, the node counts as calibration due (the dashboard, its lists and the node list).
ALTER TABLE device_channels ADD COLUMN IF NOT EXISTS drift jsonb;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS device_channels_drift_idx ON device_channels (device_eui) WHERE drift IS NOT NULL;
