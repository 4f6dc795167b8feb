-- Sampling, issue 40 continued (docs/sampling.md): the lab's PDF of a result, and results as items for
-- the external platforms (docs/platforms.md, "labResult").
-- One PDF per result, stored in the database (bytea; at most 10 MiB, checked by the server before it
-- gets here). Kept with its result: results are compliance records, neither changed nor deleted.
CREATE TABLE IF NOT EXISTS sample_result_reports (
  result_id bigint PRIMARY KEY REFERENCES sample_results (id),
  name text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  bytes bytea NOT NULL,
  user_email text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A lab result is an item without a node (its sample point may have none).
ALTER TABLE platform_items ALTER COLUMN device_eui DROP NOT NULL;
