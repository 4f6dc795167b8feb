-- Deliveries to external platforms (docs/platforms.md). One row per configured endpoint: a
-- customer's, or a location's own (a location that follows its customer uses the customer's). The
-- rows are kept by triggers on customers and locations, so every writer (API, demo, import) keeps
-- them right; a change of the endpoint (platform, URL, token, options) resets the delivery state.
CREATE TABLE "platform_endpoints" (
	"id" serial PRIMARY KEY,
	"place" text NOT NULL,
	"place_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL DEFAULT 'delivering',
	"attempts" integer NOT NULL DEFAULT 0,
	"next_attempt_at" timestamptz NOT NULL DEFAULT now(),
	"last_attempt_at" timestamptz,
	"last_delivered_at" timestamptz,
	"delivered" bigint NOT NULL DEFAULT 0,
	"dropped" bigint NOT NULL DEFAULT 0,
	"last_status" integer,
	"last_error" text,
	"last_answer" text,
	"updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_endpoints_place_key" ON "platform_endpoints" ("place", "place_id");
--> statement-breakpoint
-- The outbox: one item per reading or alarm step, written in the transaction of its fact; its id is
-- the item's stable id. Delivered items are deleted; the rest is the endpoint's backlog.
CREATE TABLE "platform_items" (
	"id" bigserial PRIMARY KEY,
	"endpoint_id" integer NOT NULL REFERENCES "platform_endpoints"("id") ON DELETE CASCADE,
	"device_eui" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamptz NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "platform_items_endpoint_idx" ON "platform_items" ("endpoint_id", "id");
--> statement-breakpoint
-- Items older than the backlog's age limit are dropped (and counted on their endpoint).
CREATE INDEX "platform_items_created_idx" ON "platform_items" ("created_at");
--> statement-breakpoint
-- Keeps platform_endpoints in step with a customer's or location's endpoint.
CREATE FUNCTION "platform_endpoint_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE TG_TABLE_NAME WHEN 'customers' THEN 'customer' ELSE 'location' END;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM platform_endpoints WHERE place = kind AND place_id = OLD.id;
    RETURN NULL;
  END IF;
  IF coalesce(NEW.endpoint->>'platform', '') IN ('LegionellaDossier', 'XIC', 'Unica') THEN
    INSERT INTO platform_endpoints (place, place_id, fingerprint) VALUES (kind, NEW.id, md5(NEW.endpoint::text))
    ON CONFLICT (place, place_id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, state = 'delivering', attempts = 0,
      next_attempt_at = now(), last_status = NULL, last_error = NULL, last_answer = NULL, updated_at = now()
    WHERE platform_endpoints.fingerprint <> EXCLUDED.fingerprint;
  ELSE
    DELETE FROM platform_endpoints WHERE place = kind AND place_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customers_platform_endpoint" AFTER INSERT OR UPDATE OF "endpoint" OR DELETE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "platform_endpoint_sync"();
--> statement-breakpoint
CREATE TRIGGER "locations_platform_endpoint" AFTER INSERT OR UPDATE OF "endpoint" OR DELETE ON "locations"
  FOR EACH ROW EXECUTE FUNCTION "platform_endpoint_sync"();
--> statement-breakpoint
-- The endpoints configured before this migration.
INSERT INTO "platform_endpoints" ("place", "place_id", "fingerprint")
SELECT 'customer', "id", md5("endpoint"::text) FROM "customers" WHERE "endpoint"->>'platform' IN ('LegionellaDossier', 'XIC', 'Unica')
UNION ALL
SELECT 'location', "id", md5("endpoint"::text) FROM "locations" WHERE "endpoint"->>'platform' IN ('LegionellaDossier', 'XIC', 'Unica');
--> statement-breakpoint
-- Alarm steps of a node go out as items (opened, reopened, closed, acknowledged, resolved), from
-- every writer of alarm_events (intake, offline job, handling), in the writer's transaction.
CREATE FUNCTION "platform_alarm_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM platform_endpoints) THEN RETURN NULL; END IF;
  INSERT INTO platform_items (endpoint_id, device_eui, kind, at, body)
  SELECT e.id, a.device_eui, 'alarm', n.at, jsonb_build_object('alarmId', a.id, 'eventId', n.id, 'action', n.action)
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
--> statement-breakpoint
CREATE TRIGGER "alarm_events_platform_items" AFTER INSERT ON "alarm_events"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "platform_alarm_items"();
