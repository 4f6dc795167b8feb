-- An outlet or a sample point links to a channel of a node of its own location (docs/outlets.md,
-- "The outlet register"; docs/sampling.md). When the node leaves that location (moved to another
-- location or customer, unassigned), the link would point at readings taken elsewhere: a check by
-- hand would be paired with another building's water and mark drift on someone else's node, and a
-- little-used outlet would count as flushed by a node that is no longer there, so its weekly flush
-- would never be due. The link ends with the move, in the move's transaction, whatever wrote it.
-- A drift found at an outlet stays on the sensor (it is the sensor's), but when the node changes
-- customer the outlet and check that found it are no longer shown to its new owner.
CREATE OR REPLACE FUNCTION node_left_its_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.location_id IS DISTINCT FROM NEW.location_id THEN
    UPDATE outlets SET device_eui = NULL, channel_id = NULL
      WHERE device_eui = NEW.eui AND location_id IS DISTINCT FROM NEW.location_id;
    UPDATE sample_points SET device_eui = NULL, channel_id = NULL
      WHERE device_eui = NEW.eui AND location_id IS DISTINCT FROM NEW.location_id;
  END IF;
  IF OLD.customer_id IS DISTINCT FROM NEW.customer_id THEN
    UPDATE device_channels SET drift = drift || '{"checkId": null, "outletId": null, "outletName": null}'::jsonb
      WHERE device_eui = NEW.eui AND drift IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS devices_left_place ON devices;
--> statement-breakpoint
CREATE TRIGGER devices_left_place AFTER UPDATE OF location_id, customer_id ON devices
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION node_left_its_place();
