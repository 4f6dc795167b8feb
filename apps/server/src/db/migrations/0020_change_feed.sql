-- The live change stream (issue 26, docs/events.md). What a screen shows is announced with
-- pg_notify on the channel 'aquasmart_changes' by statement triggers, in the transaction that makes
-- the change: PostgreSQL (and PGlite) deliver a notification only when that transaction commits, so
-- nothing is announced that did not happen, and every writer (intake, settings, handling routes,
-- jobs, the mail sender, tools run against the database) announces without knowing it. Every server
-- copy LISTENs on one connection and forwards to its own streams (lib/change-feed.ts).
--
-- A notification is JSON {"t": kind, "x": [items]}, at most 40 items each (a payload must stay under
-- 8000 bytes); one statement that touches more than 2000 rows (an import, a bulk move) announces
-- {"t": "r"} instead: every open screen reloads. Kinds: n nodes (e eui, c customer, o the customer
-- before a move, p parts, w a water detection log), a alarms (i id, k kind, e eui, c customer,
-- x opened|changed|closed), m mails (i id, s state), u users whose tokens, rights or scope changed.
-- Statement triggers with transition tables: one intake batch of 500 uplinks is a few notifications.
CREATE FUNCTION "change_feed_send"(kind text, items jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF items IS NULL OR jsonb_array_length(items) = 0 THEN
    RETURN;
  END IF;
  IF jsonb_array_length(items) > 2000 THEN
    PERFORM pg_notify('aquasmart_changes', json_build_object('t', 'r', 'k', kind)::text);
    RETURN;
  END IF;
  FOR payload IN
    SELECT json_build_object('t', kind, 'x', jsonb_agg(a.e ORDER BY a.k))::text
    FROM jsonb_array_elements(items) WITH ORDINALITY AS a(e, k)
    GROUP BY (a.k - 1) / 40
  LOOP
    PERFORM pg_notify('aquasmart_changes', payload);
  END LOOP;
END $$;
--> statement-breakpoint
-- Nodes: which parts of a node changed, from the columns that differ; a write that changes nothing a
-- screen shows (updated_at alone, the channel count) announces nothing.
CREATE FUNCTION "change_feed_devices_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('n', (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('e', n.eui, 'c', n.customer_id,
      'o', CASE WHEN o.customer_id IS DISTINCT FROM n.customer_id THEN o.customer_id END, 'p', to_jsonb(p.parts))))
    FROM new_rows n
    JOIN old_rows o ON o.eui = n.eui
    CROSS JOIN LATERAL (SELECT array_remove(ARRAY[
      CASE WHEN (n.lora_ts, n.rssi, n.snr, n.signal, n.counter, n.network_device_id, n.network_application_id)
        IS DISTINCT FROM (o.lora_ts, o.rssi, o.snr, o.signal, o.counter, o.network_device_id, o.network_application_id) THEN 'signal' END,
      CASE WHEN (n.battery_voltage, n.battery_alarm_ts, n.battery_ts) IS DISTINCT FROM (o.battery_voltage, o.battery_alarm_ts, o.battery_ts) THEN 'battery' END,
      CASE WHEN (n.flush_alarm_ts, n.diagnostics) IS DISTINCT FROM (o.flush_alarm_ts, o.diagnostics) THEN 'reading' END,
      CASE WHEN (n.sync, n.incorrect_settings) IS DISTINCT FROM (o.sync, o.incorrect_settings) THEN 'sync' END,
      CASE WHEN (n.customer_id, n.location_id, n.gateway_id) IS DISTINCT FROM (o.customer_id, o.location_id, o.gateway_id) THEN 'placement' END,
      CASE WHEN (n.name, n.type, n.version, n.flush_device_id, n.notes, n.location_notes, n.calibration_interval, n.calibration_ts,
          n.flush_minimum_temperature_deviation, n.lora_state, n.network_server_id, n.encryption_mode, n.presets, n.connector_id, n.connector_version)
        IS DISTINCT FROM (o.name, o.type, o.version, o.flush_device_id, o.notes, o.location_notes, o.calibration_interval, o.calibration_ts,
          o.flush_minimum_temperature_deviation, o.lora_state, o.network_server_id, o.encryption_mode, o.presets, o.connector_id, o.connector_version)
        THEN 'settings' END
    ]::text[], NULL) AS parts) p
    WHERE cardinality(p.parts) > 0));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_devices_updated" AFTER UPDATE ON "devices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_devices_updated"();
--> statement-breakpoint
CREATE FUNCTION "change_feed_devices_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('n', (SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('e', n.eui, 'c', n.customer_id, 'p', '["placement"]'::jsonb))) FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_devices_added" AFTER INSERT ON "devices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_devices_added"();
--> statement-breakpoint
CREATE FUNCTION "change_feed_devices_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('n', (SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('e', o.eui, 'c', o.customer_id, 'p', '["removed"]'::jsonb))) FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_devices_removed" AFTER DELETE ON "devices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_devices_removed"();
--> statement-breakpoint
-- Readings and calibration live on the channels; the node's customer is read from devices.
CREATE FUNCTION "change_feed_channels_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('n', (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('e', x.eui, 'c', d.customer_id, 'p', to_jsonb(x.parts))))
    FROM (
      SELECT n.device_eui AS eui, array_agg(DISTINCT part.name) AS parts
      FROM new_rows n
      JOIN old_rows o ON o.device_eui = n.device_eui AND o.channel_id = n.channel_id
      CROSS JOIN LATERAL unnest(ARRAY[
        CASE WHEN (n.value, n.raw_value, n.ts, n.out_of_range_since) IS DISTINCT FROM (o.value, o.raw_value, o.ts, o.out_of_range_since) THEN 'reading' END,
        CASE WHEN (n."offset", n.calibrated_at, n.name, n.custom, n.type) IS DISTINCT FROM (o."offset", o.calibrated_at, o.name, o.custom, o.type) THEN 'settings' END
      ]::text[]) AS part(name)
      WHERE part.name IS NOT NULL
      GROUP BY n.device_eui
    ) x
    JOIN devices d ON d.eui = x.eui));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_channels_updated" AFTER UPDATE ON "device_channels"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_channels_updated"();
--> statement-breakpoint
-- Settings registers: sent (a row written pending), confirmed (saved), reported.
CREATE FUNCTION "change_feed_parameters_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('n', (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('e', x.eui, 'c', d.customer_id, 'p', to_jsonb(x.parts))))
    FROM (
      SELECT n.device_eui AS eui, array_agg(DISTINCT part.name) AS parts
      FROM new_rows n
      JOIN old_rows o ON o.device_eui = n.device_eui AND o.register = n.register
      CROSS JOIN LATERAL unnest(ARRAY[
        CASE WHEN n.status IS DISTINCT FROM o.status THEN 'sync' END,
        CASE WHEN (n.value, n.reported) IS DISTINCT FROM (o.value, o.reported) THEN 'settings' END
      ]::text[]) AS part(name)
      WHERE part.name IS NOT NULL
      GROUP BY n.device_eui
    ) x
    JOIN devices d ON d.eui = x.eui));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_parameters_updated" AFTER UPDATE ON "device_parameters"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_parameters_updated"();
--> statement-breakpoint
CREATE FUNCTION "change_feed_parameters_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('n', (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('e', x.eui, 'c', d.customer_id, 'p', '["settings","sync"]'::jsonb)))
    FROM (SELECT DISTINCT r.device_eui AS eui FROM changed_rows r) x
    JOIN devices d ON d.eui = x.eui));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_parameters_added" AFTER INSERT ON "device_parameters"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_parameters_written"();
--> statement-breakpoint
CREATE TRIGGER "change_feed_parameters_removed" AFTER DELETE ON "device_parameters"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_parameters_written"();
--> statement-breakpoint
-- The downlink sender's states (queued, sent, acknowledged, failed) show beside the node's sync.
CREATE FUNCTION "change_feed_downlinks_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('n', (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('e', x.eui, 'c', d.customer_id, 'p', '["sync"]'::jsonb)))
    FROM (SELECT DISTINCT n.device_eui AS eui FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.status IS DISTINCT FROM o.status) x
    JOIN devices d ON d.eui = x.eui));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_downlinks_updated" AFTER UPDATE ON "downlinks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_downlinks_updated"();
--> statement-breakpoint
-- Water detections (overflow logs): started, ended (by the node or the handling route), removed.
CREATE FUNCTION "change_feed_overflow_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('n', (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('e', x.eui, 'c', d.customer_id, 'p', '["reading"]'::jsonb, 'w', 1)))
    FROM (SELECT DISTINCT r.device_eui AS eui FROM changed_rows r) x
    JOIN devices d ON d.eui = x.eui));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_overflow_added" AFTER INSERT ON "overflow_logs"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_overflow_written"();
--> statement-breakpoint
CREATE TRIGGER "change_feed_overflow_removed" AFTER DELETE ON "overflow_logs"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_overflow_written"();
--> statement-breakpoint
CREATE FUNCTION "change_feed_overflow_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('n', (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('e', x.eui, 'c', d.customer_id, 'p', '["reading"]'::jsonb, 'w', 1)))
    FROM (SELECT DISTINCT n.device_eui AS eui FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.state IS DISTINCT FROM o.state) x
    JOIN devices d ON d.eui = x.eui));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_overflow_updated" AFTER UPDATE ON "overflow_logs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_overflow_updated"();
--> statement-breakpoint
-- Alarms: every change of an alarm record writes a step of its timeline (alarm_events), so the
-- timeline's inserts announce them all: opened and reopened as opened, closed, the rest changed.
CREATE FUNCTION "change_feed_alarm_steps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('a', (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('i', a.id, 'k', a.kind, 'e', a.device_eui, 'c', a.customer_id, 'x', s.change)))
    FROM (
      SELECT DISTINCT ON (r.alarm_id) r.alarm_id,
        CASE r.action WHEN 'opened' THEN 'opened' WHEN 'reopened' THEN 'opened' WHEN 'closed' THEN 'closed' ELSE 'changed' END AS change
      FROM new_rows r ORDER BY r.alarm_id, r.id DESC
    ) s
    JOIN alarms a ON a.id = s.alarm_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_alarm_steps" AFTER INSERT ON "alarm_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_alarm_steps"();
--> statement-breakpoint
-- The e-mail outbox (administrators): written, and every change of state.
CREATE FUNCTION "change_feed_mail_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('m', (SELECT jsonb_agg(jsonb_build_object('i', n.id, 's', n.state)) FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_mail_added" AFTER INSERT ON "mail_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_mail_added"();
--> statement-breakpoint
CREATE FUNCTION "change_feed_mail_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('m', (
    SELECT jsonb_agg(jsonb_build_object('i', n.id, 's', n.state)) FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.state, n.attempts) IS DISTINCT FROM (o.state, o.attempts)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_mail_updated" AFTER UPDATE ON "mail_messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_mail_updated"();
--> statement-breakpoint
-- Users whose tokens (revoked, renewed), rights or customer scope changed: their open streams check
-- the token and read the scope again at once instead of at the next heartbeat.
CREATE FUNCTION "change_feed_users_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('u', (SELECT jsonb_agg(DISTINCT r.user_id) FROM changed_rows r));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_tokens_removed" AFTER DELETE ON "tokens"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_users_old"();
--> statement-breakpoint
CREATE TRIGGER "change_feed_tokens_updated" AFTER UPDATE ON "tokens"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_users_old"();
--> statement-breakpoint
CREATE TRIGGER "change_feed_scope_added" AFTER INSERT ON "user_customers"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_users_old"();
--> statement-breakpoint
CREATE TRIGGER "change_feed_scope_removed" AFTER DELETE ON "user_customers"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_users_old"();
--> statement-breakpoint
CREATE FUNCTION "change_feed_users_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM change_feed_send('u', (SELECT jsonb_agg(n.id) FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_feed_users_updated" AFTER UPDATE ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_feed_users_updated"();
