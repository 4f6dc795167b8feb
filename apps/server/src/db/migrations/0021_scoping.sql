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
