-- The change feed's triggers on the rows under a node (migration 0020: settings registers, water
-- detections, downlinks) were four functions of one shape: the nodes of the rows the statement
-- touched, joined to devices for the customer, announced with fixed parts. One function now, told
-- by the trigger's arguments what to announce; the announcements are the same
-- (db/change-feed-triggers.test.ts).
--   TG_ARGV[0]  the parts announced, a JSON array ('["settings","sync"]')
--   TG_ARGV[1]  the flag set on each item: 'k' the dashboard counts may change, 'w' a water
--               detection, '' none
--   TG_ARGV[2]  UPDATE only: the column whose change is announced; rows where it stayed the same
--               announce nothing (a downlink's retry count, a detection's resistance)
-- INSERT and DELETE triggers name their transition table changed_rows, UPDATE triggers old_rows
-- and new_rows, joined on id.
CREATE FUNCTION "change_feed_node_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  euis text[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT n.device_eui) FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.%1$I IS DISTINCT FROM o.%1$I', TG_ARGV[2])
      INTO euis;
  ELSE
    SELECT array_agg(DISTINCT r.device_eui) INTO euis FROM changed_rows r;
  END IF;
  PERFORM change_feed_send('n', (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('e', d.eui, 'c', d.customer_id, 'p', TG_ARGV[0]::jsonb))
      || CASE WHEN TG_ARGV[1] = '' THEN '{}'::jsonb ELSE jsonb_build_object(TG_ARGV[1], 1) END)
    FROM devices d
    WHERE d.eui = ANY (euis)));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "change_feed_parameters_added" ON "device_parameters";
--> statement-breakpoint
DROP TRIGGER "change_feed_parameters_removed" ON "device_parameters";
--> statement-breakpoint
DROP TRIGGER "change_feed_downlinks_updated" ON "downlinks";
--> statement-breakpoint
DROP TRIGGER "change_feed_overflow_added" ON "overflow_logs";
--> statement-breakpoint
DROP TRIGGER "change_feed_overflow_removed" ON "overflow_logs";
--> statement-breakpoint
DROP TRIGGER "change_feed_overflow_updated" ON "overflow_logs";
--> statement-breakpoint
DROP FUNCTION "change_feed_parameters_written"();
--> statement-breakpoint
DROP FUNCTION "change_feed_downlinks_updated"();
--> statement-breakpoint
DROP FUNCTION "change_feed_overflow_written"();
--> statement-breakpoint
DROP FUNCTION "change_feed_overflow_updated"();
--> statement-breakpoint
CREATE TRIGGER "change_feed_parameters_added" AFTER INSERT ON "device_parameters"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_node_rows"('["settings","sync"]', 'k');
--> statement-breakpoint
CREATE TRIGGER "change_feed_parameters_removed" AFTER DELETE ON "device_parameters"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_node_rows"('["settings","sync"]', 'k');
--> statement-breakpoint
CREATE TRIGGER "change_feed_downlinks_updated" AFTER UPDATE ON "downlinks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_node_rows"('["sync"]', '', 'status');
--> statement-breakpoint
CREATE TRIGGER "change_feed_overflow_added" AFTER INSERT ON "overflow_logs"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_node_rows"('["reading"]', 'w');
--> statement-breakpoint
CREATE TRIGGER "change_feed_overflow_removed" AFTER DELETE ON "overflow_logs"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_node_rows"('["reading"]', 'w');
--> statement-breakpoint
CREATE TRIGGER "change_feed_overflow_updated" AFTER UPDATE ON "overflow_logs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_node_rows"('["reading"]', 'w', 'state');
