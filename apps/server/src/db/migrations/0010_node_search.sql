-- Node search (issue 16, item 3): the node list's search is `name ILIKE '%text%' OR eui ILIKE
-- '%text%'`, which no btree serves: at 100,000 nodes every search read the whole table (p50 100 ms,
-- p95 140 ms). Trigram indexes answer ILIKE with a pattern of three characters or more. pg_trgm is a
-- trusted contrib extension (PostgreSQL 13+: the database owner may create it); PGlite loads it
-- (db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "devices_name_trgm_idx" ON "devices" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "devices_eui_trgm_idx" ON "devices" USING gin ("eui" gin_trgm_ops);
