-- Issue 35, item 6 (scoping).
--
-- A token's session (identity/tokens.ts): a renewal keeps it, signing out ends every token of it, so a
-- token still in its renewal grace signs out the renewed one too. Existing tokens: a renewal keeps
-- the session's start, so the user and that start name the session.
ALTER TABLE "tokens" ADD COLUMN "session_id" text;
--> statement-breakpoint
UPDATE "tokens" SET "session_id" = md5("user_id"::text || '/' || "session_started_at"::text);
--> statement-breakpoint
ALTER TABLE "tokens" ALTER COLUMN "session_id" SET DEFAULT gen_random_uuid()::text;
--> statement-breakpoint
ALTER TABLE "tokens" ALTER COLUMN "session_id" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "tokens_session_idx" ON "tokens" ("session_id");
--> statement-breakpoint
-- A platform item carries the names of when its reading or alarm step was written (docs/platforms.md,
-- "Format"), not those read when the batch leaves: a node moved to another customer while a backlog
-- waits must not take the names its new customer gives it to the old customer's platform. The place
-- is the location the item was bound through; a node no longer at that location carries no node or
-- channel names (a late alarm step after a move).
CREATE FUNCTION "platform_item_names"("node" text, "place" integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'node', CASE WHEN d.location_id = l.id THEN d.name ELSE '' END,
    'type', coalesce(d.type, ''),
    'customer', c.name,
    'location', l.name,
    'channels', CASE WHEN d.location_id = l.id THEN coalesce((SELECT jsonb_object_agg(ch.channel_id, jsonb_build_object('name', ch.name, 'mode', ch.custom->>'mode'))
      FROM device_channels ch WHERE ch.device_eui = d.eui AND ch.channel_id LIKE 'temperature%'), '{}'::jsonb) ELSE '{}'::jsonb END)
  FROM locations l
  JOIN customers c ON c.id = l.customer_id
  LEFT JOIN devices d ON d.eui = "node"
  WHERE l.id = "place"
$$;
--> statement-breakpoint
ALTER TABLE "platform_items" ADD COLUMN "names" jsonb;
--> statement-breakpoint
-- The backlog waiting now: the names of now where the node is still under its endpoint, else only the
-- endpoint's customer (as the sender did until now).
UPDATE "platform_items" i SET "names" = coalesce(
  (SELECT platform_item_names(i.device_eui, l.id)
     FROM platform_endpoints e, locations l
    WHERE e.id = i.endpoint_id
      AND l.id = CASE WHEN i.kind = 'alarm' THEN (SELECT a.location_id FROM alarms a WHERE a.id = (i.body->>'alarmId')::bigint)
                      ELSE (SELECT d.location_id FROM devices d WHERE d.eui = i.device_eui) END
      AND CASE WHEN e.place = 'location' THEN l.id = e.place_id ELSE l.customer_id = e.place_id END),
  (SELECT jsonb_build_object('node', '', 'type', '', 'customer', c.name, 'location', NULL, 'channels', '{}'::jsonb)
     FROM platform_endpoints e
     LEFT JOIN customers c ON c.id = CASE WHEN e.place = 'customer' THEN e.place_id ELSE (SELECT customer_id FROM locations WHERE id = e.place_id) END
    WHERE e.id = i.endpoint_id));
--> statement-breakpoint
ALTER TABLE "platform_items" ALTER COLUMN "names" SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "platform_alarm_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM platform_endpoints) THEN RETURN NULL; END IF;
  INSERT INTO platform_items (endpoint_id, device_eui, kind, at, body, names)
  SELECT e.id, a.device_eui, 'alarm', n.at, jsonb_build_object('alarmId', a.id, 'eventId', n.id, 'action', n.action), platform_item_names(a.device_eui, l.id)
  FROM added n
  JOIN alarms a ON a.id = n.alarm_id AND a.device_eui IS NOT NULL
  JOIN locations l ON l.id = a.location_id
  JOIN platform_endpoints e
    ON e.place = CASE WHEN l.endpoint->>'platform' = 'Customer' THEN 'customer' ELSE 'location' END
   AND e.place_id = CASE WHEN l.endpoint->>'platform' = 'Customer' THEN l.customer_id ELSE l.id END
  WHERE n.action IN ('opened', 'reopened', 'closed', 'acknowledged', 'resolved')
  ORDER BY n.id;
  RETURN NULL;
END $$;
