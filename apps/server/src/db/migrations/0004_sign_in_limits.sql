-- Security review. Sign-in attempts are counted before the password is checked, one row per
-- subject (e-mail and address pair, address, e-mail) with a fixed window, so parallel guesses
-- cannot all pass a count that was read before any of them was recorded.
CREATE TABLE "login_attempts" (
  "subject" text PRIMARY KEY NOT NULL,
  "window_start" timestamp with time zone DEFAULT now() NOT NULL,
  "window_seconds" integer NOT NULL,
  "attempts" integer NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_failures";
--> statement-breakpoint
-- A session has a maximum lifetime however often its token is renewed: a renewed token keeps
-- the start of the session it continues.
ALTER TABLE "tokens" ADD COLUMN "session_started_at" timestamp with time zone DEFAULT now() NOT NULL;
