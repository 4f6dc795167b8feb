-- Ingest headroom (issue 16, item 9): every uplink rewrites its device's row (last seen, counter,
-- radio, battery). An UPDATE that changes no indexed column can be a heap-only tuple (HOT): no new
-- entry in any of the table's ten indexes. lora_ts was the only indexed column the intake changes,
-- and its index served no query (last-seen filters go through the customer and location indexes;
-- the last-seen order sorts by name as well). Dropping it, and leaving a tenth of each page free
-- for the new row version, makes the intake's device updates HOT.
DROP INDEX IF EXISTS "devices_lora_ts_idx";
--> statement-breakpoint
ALTER TABLE "devices" SET (fillfactor = 90);
