-- Node list (docs/nodes.md): paging and sorting happen in SQL. The default order is
-- lower(name), name, eui; this index lets "first page by name" stop after the page instead of
-- sorting the fleet. Sorting by last calibration uses its own index; last online already has
-- devices_lora_ts_idx. The node list's filter (customer and location set) and the customer
-- and location lists use devices_customer_location_idx and devices_location_idx.
CREATE INDEX "devices_name_sort_idx" ON "devices" USING btree (lower("name"), "name", "eui");
--> statement-breakpoint
CREATE INDEX "devices_calibration_ts_idx" ON "devices" USING btree ("calibration_ts");
