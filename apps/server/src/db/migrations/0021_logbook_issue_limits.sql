-- Issue 35 item 5: issued logbook reports are permanent, so issuing is bounded per user and subject
-- (a location, or a customer's whole report): one issue in flight and a count per fixed window,
-- claimed by one upsert that locks the row, so parallel requests on any server copy meet one bound
-- (logbook/issue-limit.ts, docs/logbook.md "Bounds").
CREATE TABLE "logbook_issue_limits" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "subject" text NOT NULL,
  "window_start" timestamp with time zone DEFAULT now() NOT NULL,
  "issued" integer NOT NULL,
  "busy_until" timestamp with time zone,
  PRIMARY KEY ("user_id", "subject")
);
