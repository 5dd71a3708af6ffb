CREATE TABLE "live_engine_leases" (
	"game" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "live_rounds_open_idx" ON "live_rounds" USING btree ("game") WHERE "live_rounds"."status" in ('betting', 'running');