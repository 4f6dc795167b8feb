-- Day summaries kept under a key from before DAY_SUMMARY_VERSION 2 (docs/logbook.md, "Kept day
-- summaries"): no report reads them any more (the days job keeps each day again under its 'v2|' key),
-- so they only take room. A node's own rows (channel_id '') have no limit and keep the key ''.
-- A later version bump adds a migration like this one for the keys before it.
DELETE FROM "logbook_days" WHERE "channel_id" <> '' AND "limit_key" NOT LIKE 'v2|%';
