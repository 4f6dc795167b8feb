-- Node search (issue 16, item 3): the node list's search is "name or EUI contains the text, any
-- case", which no btree serves: at 100,000 nodes every search read the whole table (p50 100 ms,
-- p95 140 ms). Trigram indexes answer it for a text of three characters or more. They index
-- lower(name) and lower(eui), which the search compares (`lower(col) LIKE lower(pattern)`,
-- lib/query/text-search.ts): a trigram index on the bare eui also answers `eui = x`, and the
-- planner took it over the primary key for the intake's lookups by EUI (processing fell to a
-- third). pg_trgm is a trusted contrib extension (PostgreSQL 13+: the database owner may create
-- it). PGlite is left without it: the extension costs the embedded server 40 to 80 MB under load,
-- and the fleets PGlite suits (a single site) are searched fast enough by reading every node.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX "devices_name_trgm_idx" ON "devices" USING gin (lower("name") gin_trgm_ops);
    CREATE INDEX "devices_eui_trgm_idx" ON "devices" USING gin (lower("eui") gin_trgm_ops);
  END IF;
END $$;
