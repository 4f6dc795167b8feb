-- Webhooks of a node's place (docs/webhooks.md), completed: the customer a node leaves is told
-- (`node.removed`: unassigned, or moved to another customer, never where it went), and a node
-- provisioned with its place in one INSERT (the demo, an import) is `node.registered` like one placed
-- by an UPDATE. Replaces 0045's function and trigger of the same names.
CREATE OR REPLACE FUNCTION "webhook_node_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE enabled) THEN RETURN NULL; END IF;
  -- The place it left, with the names it had there; the location is null when it was itself deleted.
  IF TG_OP = 'UPDATE' AND OLD.location_id IS NOT NULL AND OLD.customer_id IS NOT NULL
     AND (NEW.location_id IS NULL OR NEW.customer_id IS DISTINCT FROM OLD.customer_id) THEN
    PERFORM webhook_enqueue('node.removed', OLD.customer_id, now(),
      jsonb_build_object(
        'node', jsonb_build_object('eui', OLD.eui, 'name', OLD.name, 'type', OLD.type),
        'customer', webhook_ref(c.id, c.name),
        'location', webhook_ref(l.id, l.name)))
    FROM customers c LEFT JOIN locations l ON l.id = OLD.location_id
    WHERE c.id = OLD.customer_id;
  END IF;
  IF NEW.location_id IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.location_id IS DISTINCT FROM NEW.location_id) THEN
    PERFORM webhook_enqueue(CASE WHEN TG_OP = 'INSERT' OR OLD.location_id IS NULL THEN 'node.registered' ELSE 'node.moved' END, NEW.customer_id, now(),
      jsonb_build_object(
        'node', jsonb_build_object('eui', d.eui, 'name', d.name, 'type', d.type),
        'customer', webhook_ref(c.id, c.name),
        'location', webhook_ref(l.id, l.name))
      || CASE WHEN TG_OP = 'INSERT' OR OLD.location_id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('from',
           (SELECT jsonb_build_object('customer', webhook_ref(oc.id, oc.name), 'location', webhook_ref(ol.id, ol.name))
            FROM locations ol JOIN customers oc ON oc.id = ol.customer_id
            WHERE ol.id = OLD.location_id AND OLD.customer_id = NEW.customer_id)) END)
    FROM devices d JOIN customers c ON c.id = NEW.customer_id JOIN locations l ON l.id = NEW.location_id
    WHERE d.eui = NEW.eui;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "devices_webhooks" ON "devices";
--> statement-breakpoint
-- Only an UPDATE naming location_id or customer_id fires it, so the intake's hot updates of a
-- device's state cost nothing.
CREATE CONSTRAINT TRIGGER "devices_webhooks" AFTER UPDATE OF location_id, customer_id ON "devices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION "webhook_node_placed"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "devices_webhooks_insert" ON "devices";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "devices_webhooks_insert" AFTER INSERT ON "devices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.location_id IS NOT NULL)
  EXECUTE FUNCTION "webhook_node_placed"();
