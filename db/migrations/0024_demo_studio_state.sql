CREATE TABLE "demo_studio_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "demo_studio_state_expires_idx" ON "demo_studio_state" USING btree ("expires_at");