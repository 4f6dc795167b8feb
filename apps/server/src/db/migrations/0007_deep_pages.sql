-- Deep pages (docs/nodes.md, "Deep pages"): the node list (customer and location set) and the
-- unassigned list each have a name-order index of their own rows, so that a page by name, however
-- deep, and the count of "x - y van N" are index-only scans of that list's rows; the page's EUIs
-- come first and only those 25 rows are read whole.
CREATE INDEX "devices_assigned_name_sort_idx" ON "devices" USING btree (lower("name"), "name", "eui") WHERE "customer_id" IS NOT NULL AND "location_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "devices_unassigned_name_sort_idx" ON "devices" USING btree (lower("name"), "name", "eui") WHERE "customer_id" IS NULL OR "location_id" IS NULL;
