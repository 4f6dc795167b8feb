-- Alarm channels and escalation stages (docs/alarm-notifications.md "Channels", docs/escalation.md;
-- issue 43 items 1 and 2). A user's phone number, verified by a code sent by SMS (only the code's
-- hash is kept, with its expiry and the tries used). The channel outbox: every Teams, Slack and SMS
-- message, sent once by the channel sender with retries and back-off, its state kept for the
-- administrators. An alarm remembers how many stages of its chain went out (escalation_stage).
ALTER TABLE users ADD COLUMN IF NOT EXISTS phone text;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN IF NOT EXISTS phone_verified_at timestamptz;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS phone_codes (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  phone text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS alarm_messages (
  id bigserial PRIMARY KEY,
  channel text NOT NULL,
  purpose text NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  recipient text NOT NULL,
  body text NOT NULL,
  alarm_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  stage integer,
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  last_error text,
  last_answer text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alarm_messages_due_idx ON alarm_messages (next_attempt_at) WHERE state IN ('pending', 'retrying');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alarm_messages_created_idx ON alarm_messages (created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alarm_messages_alarms_idx ON alarm_messages USING gin (alarm_ids);
--> statement-breakpoint
ALTER TABLE alarms ADD COLUMN IF NOT EXISTS escalation_stage integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE locations ADD COLUMN IF NOT EXISTS alarm_escalation jsonb;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alarms_chain_idx ON alarms (opened_at) WHERE state = 'new';
--> statement-breakpoint
-- A notification item sent only by Teams, Slack or SMS has no e-mail: done_at marks it done all the same.
ALTER TABLE alarm_notification_items ADD COLUMN IF NOT EXISTS done_at timestamptz;
