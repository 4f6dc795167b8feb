-- Webhooks (docs/webhooks.md; issue 42 item 5). Subscriptions of a URL to event types, for one
-- customer or (customer_id null, administrators only) every customer, each with its own Standard
-- Webhooks secret. webhook_deliveries is their outbox: one row per event per subscription, written
-- by the triggers below in the transaction of the event itself, so no writer can tell the database
-- something without its webhook, and no webhook goes out for something rolled back. The row's id is
-- the webhook-id (`msg_<id>`), the same on every try.
CREATE TABLE IF NOT EXISTS webhook_subscriptions (
  id serial PRIMARY KEY,
  customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  event_types text[] NOT NULL,
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_by integer,
  created_by_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_subscriptions_customer_idx ON webhook_subscriptions (customer_id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id bigserial PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  last_status integer,
  last_duration_ms integer,
  last_answer text,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_deliveries_subscription_idx ON webhook_deliveries (subscription_id, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_deliveries_created_idx ON webhook_deliveries (created_at) WHERE state <> 'pending';
--> statement-breakpoint
-- ISO 8601 in UTC with milliseconds, as the API answers times.
CREATE OR REPLACE FUNCTION "webhook_iso"(ts timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_ref"(id bigint, name text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN id IS NULL THEN NULL ELSE jsonb_build_object('id', id::text, 'name', name) END
$$;
--> statement-breakpoint
-- One delivery per enabled subscription that asks for the type and covers the customer.
CREATE OR REPLACE FUNCTION "webhook_enqueue"(event_type text, customer integer, at timestamptz, data jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO webhook_deliveries (subscription_id, event_type, payload)
  SELECT s.id, event_type, jsonb_build_object('type', event_type, 'timestamp', webhook_iso(at), 'data', data)
  FROM webhook_subscriptions s
  WHERE s.enabled AND event_type = ANY (s.event_types) AND (s.customer_id IS NULL OR s.customer_id = customer)
  ORDER BY s.id
$$;
--> statement-breakpoint
-- Alarm steps: a statement trigger on alarm_events (as the platforms' 0018), so every writer of a
-- step is covered (the alarm store for opened, closed, reopened; handling; escalation). The alarm row
-- is written before its step by every writer, so its state and closed time are those after the step.
-- 'notified' and 'observed' are the portal's own bookkeeping and are not told.
CREATE OR REPLACE FUNCTION "webhook_alarm_steps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue(ev.event_type, ev.customer_id, ev.at, ev.data)
  FROM (
    SELECT n.id,
      CASE WHEN n.action IN ('opened', 'reopened') THEN 'alarm.opened' WHEN n.action = 'closed' THEN 'alarm.closed' ELSE 'alarm.changed' END AS event_type,
      a.customer_id, n.at,
      jsonb_build_object(
        'action', n.action,
        'at', webhook_iso(n.at),
        'customer', webhook_ref(c.id, c.name),
        'location', webhook_ref(l.id, l.name),
        'alarm', jsonb_build_object(
          'id', a.id::text, 'kind', a.kind, 'state', a.state, 'channel', NULLIF(a.channel_id, ''),
          'node', CASE WHEN d.eui IS NULL THEN NULL ELSE jsonb_build_object('eui', d.eui, 'name', d.name, 'type', d.type) END,
          'gatewayId', a.gateway_id::text, 'samplePointId', a.sample_point_id::text, 'outletId', a.outlet_id::text,
          'openedAt', webhook_iso(a.opened_at), 'closedAt', webhook_iso(a.closed_at), 'details', a.details)) AS data
    FROM added n
    JOIN alarms a ON a.id = n.alarm_id
    LEFT JOIN customers c ON c.id = a.customer_id
    LEFT JOIN locations l ON l.id = a.location_id
    LEFT JOIN devices d ON d.eui = a.device_eui
    WHERE n.action IN ('opened', 'reopened', 'closed', 'acknowledged', 'assigned', 'commented', 'resolved', 'escalated', 'stage')
    ORDER BY n.id
  ) ev;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alarm_events_webhooks" AFTER INSERT ON "alarm_events"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "webhook_alarm_steps"();
--> statement-breakpoint
-- Deviations, lab results and checks get their alarm linked after the insert (same transaction):
-- deferred row triggers read the row as it is at commit.
CREATE OR REPLACE FUNCTION "webhook_deviation_found"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue('deviation.found', l.customer_id, v.found_at, jsonb_build_object(
      'customer', webhook_ref(c.id, c.name),
      'location', webhook_ref(l.id, l.name),
      'node', jsonb_build_object('eui', v.device_eui, 'name', v.node_name),
      'deviation', jsonb_build_object('id', v.id::text, 'kind', v.kind, 'alarmKind', v.alarm_kind, 'channel', v.channel_id,
        'startedAt', webhook_iso(v.started_at), 'endedAt', webhook_iso(v.ended_at), 'alarmId', v.alarm_id::text)))
  FROM deviations v JOIN locations l ON l.id = v.location_id JOIN customers c ON c.id = l.customer_id
  WHERE v.id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deviations_webhooks" AFTER INSERT ON "deviations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "webhook_deviation_found"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_lab_result"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue('labResult.entered', l.customer_id, r.entered_at, jsonb_build_object(
      'customer', webhook_ref(c.id, c.name),
      'location', webhook_ref(l.id, l.name),
      'result', jsonb_build_object('id', r.id::text, 'sampleId', r.sample_id, 'samplePoint', webhook_ref(p.id, p.name),
        'takenAt', webhook_iso(r.taken_at), 'enteredAt', webhook_iso(r.entered_at), 'lab', r.lab, 'method', r.method,
        'waterCelsius', r.water_celsius, 'counts', r.counts, 'perLitre', r.highest_per_litre, 'rulebook', r.rulebook,
        'verdict', r.verdict, 'legalStep', r.legal_step, 'severity', r.severity,
        'resampleDue', to_char(r.resample_due, 'YYYY-MM-DD'), 'alarmId', r.alarm_id::text)))
  FROM sample_results r JOIN sample_points p ON p.id = r.sample_point_id
  JOIN locations l ON l.id = r.location_id JOIN customers c ON c.id = l.customer_id
  WHERE r.id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sample_results_webhooks" AFTER INSERT ON "sample_results"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "webhook_lab_result"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_check_done"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue('check.done', l.customer_id, k.recorded_at, jsonb_build_object(
      'customer', webhook_ref(c.id, c.name),
      'location', webhook_ref(l.id, l.name),
      'check', jsonb_build_object('id', k.id::text, 'outlet', webhook_ref(o.id, o.name), 'kind', k.check_kind, 'outcome', k.outcome,
        'reason', k.reason, 'celsius', k.celsius, 'limitCelsius', k.limit_celsius, 'verdict', k.verdict,
        'alarmId', k.alarm_id::text, 'doneAt', webhook_iso(k.done_at))))
  FROM outlet_checks k JOIN outlets o ON o.id = k.outlet_id
  JOIN locations l ON l.id = k.location_id JOIN customers c ON c.id = l.customer_id
  WHERE k.id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "outlet_checks_webhooks" AFTER INSERT ON "outlet_checks"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "webhook_check_done"();
--> statement-breakpoint
-- A node registered (no location before) or moved (another location). Only an UPDATE naming
-- location_id fires it, so the intake's hot updates of a device's state cost nothing. A move from
-- another customer says `from: null`: the old customer's places are not told to the new one.
CREATE OR REPLACE FUNCTION "webhook_node_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue(CASE WHEN OLD.location_id IS NULL THEN 'node.registered' ELSE 'node.moved' END, NEW.customer_id, now(),
    jsonb_build_object(
      'node', jsonb_build_object('eui', d.eui, 'name', d.name, 'type', d.type),
      'customer', webhook_ref(c.id, c.name),
      'location', webhook_ref(l.id, l.name))
    || CASE WHEN OLD.location_id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('from',
         (SELECT jsonb_build_object('customer', webhook_ref(oc.id, oc.name), 'location', webhook_ref(ol.id, ol.name))
          FROM locations ol JOIN customers oc ON oc.id = ol.customer_id
          WHERE ol.id = OLD.location_id AND OLD.customer_id = NEW.customer_id)) END)
  FROM devices d JOIN customers c ON c.id = NEW.customer_id JOIN locations l ON l.id = NEW.location_id
  WHERE d.eui = NEW.eui;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "devices_webhooks" AFTER UPDATE OF location_id ON "devices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.location_id IS NOT NULL AND OLD.location_id IS DISTINCT FROM NEW.location_id)
  EXECUTE FUNCTION "webhook_node_placed"();
