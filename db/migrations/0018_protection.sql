CREATE TABLE "player_protection" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"break_kind" text,
	"break_period" text,
	"break_started_at" timestamp with time zone,
	"break_until" timestamp with time zone,
	"lapse_requested_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	"register_match" boolean DEFAULT false NOT NULL,
	"register_checked_at" timestamp with time zone,
	"reality_check_minutes" integer,
	"session_started_at" timestamp with time zone,
	"reality_check_due_at" timestamp with time zone,
	"play_time_limit_minutes" bigint,
	"play_time_pending_minutes" bigint,
	"play_time_pending_from" timestamp with time zone,
	"limit_prompt_answered_at" timestamp with time zone,
	"checks_play" boolean GENERATED ALWAYS AS (break_kind is not null or closed_at is not null or register_match or reality_check_due_at is not null or play_time_limit_minutes is not null or play_time_pending_from is not null) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_protection_break_whole" CHECK (("player_protection"."break_kind" is null) = ("player_protection"."break_until" is null) and ("player_protection"."break_kind" is null) = ("player_protection"."break_started_at" is null))
);
--> statement-breakpoint
CREATE TABLE "protection_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_exclusion_register" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"last_name" text,
	"birth_date" date,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_exclusion_register_who" CHECK ("sandbox_exclusion_register"."email" is not null or ("sandbox_exclusion_register"."last_name" is not null and "sandbox_exclusion_register"."birth_date" is not null))
);
--> statement-breakpoint
ALTER TABLE "player_protection" ADD CONSTRAINT "player_protection_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_events_player_idx" ON "protection_events" USING btree ("player_id","at");--> statement-breakpoint
CREATE INDEX "sandbox_exclusion_register_email_idx" ON "sandbox_exclusion_register" USING btree ("email");