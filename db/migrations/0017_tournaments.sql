CREATE TABLE "tournament_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"player_id" uuid NOT NULL,
	"score" bigint DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone,
	"bets" integer DEFAULT 0 NOT NULL,
	"fee_currency" text,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_prizes" (
	"tournament_id" integer NOT NULL,
	"from_place" integer NOT NULL,
	"to_place" integer NOT NULL,
	"prize" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	CONSTRAINT "tournament_prizes_tournament_id_from_place_pk" PRIMARY KEY("tournament_id","from_place"),
	CONSTRAINT "tournament_prizes_places" CHECK ("tournament_prizes"."from_place" > 0 and "tournament_prizes"."to_place" >= "tournament_prizes"."from_place")
);
--> statement-breakpoint
CREATE TABLE "tournament_results" (
	"tournament_id" integer NOT NULL,
	"place" integer NOT NULL,
	"entry_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"score" bigint NOT NULL,
	"prize" jsonb,
	"by_draw" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tournament_results_tournament_id_place_pk" PRIMARY KEY("tournament_id","place")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"texts" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"scoring" text NOT NULL,
	"points_per_spin" integer DEFAULT 1 NOT NULL,
	"game_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_stake_eur_minor" bigint DEFAULT 0 NOT NULL,
	"entry_fee_kind" text DEFAULT 'free' NOT NULL,
	"entry_fee_minor" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"server_seed_sealed" text,
	"server_seed_hash" text NOT NULL,
	"server_seed" text,
	"client_seed" text,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"leaderboard_version" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_slug_unique" UNIQUE("slug"),
	CONSTRAINT "tournaments_schedule" CHECK ("tournaments"."starts_at" < "tournaments"."ends_at"),
	CONSTRAINT "tournaments_scoring" CHECK ("tournaments"."scoring" in ('highest_multiplier', 'total_wagered', 'total_won', 'points_per_spin')),
	CONSTRAINT "tournaments_fee_kind" CHECK ("tournaments"."entry_fee_kind" in ('free', 'coins', 'money')),
	CONSTRAINT "tournaments_fee" CHECK ("tournaments"."entry_fee_minor" >= 0 and ("tournaments"."entry_fee_kind" <> 'free' or "tournaments"."entry_fee_minor" = 0)),
	CONSTRAINT "tournaments_points" CHECK ("tournaments"."points_per_spin" > 0),
	CONSTRAINT "tournaments_min_stake" CHECK ("tournaments"."min_stake_eur_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_prizes" ADD CONSTRAINT "tournament_prizes_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_results" ADD CONSTRAINT "tournament_results_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_results" ADD CONSTRAINT "tournament_results_entry_id_tournament_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."tournament_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_results" ADD CONSTRAINT "tournament_results_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_entries_player_idx" ON "tournament_entries" USING btree ("tournament_id","player_id");--> statement-breakpoint
CREATE INDEX "tournament_entries_board_idx" ON "tournament_entries" USING btree ("tournament_id","score" DESC NULLS LAST,"reached_at","id");--> statement-breakpoint
CREATE INDEX "tournament_entries_player_tournaments_idx" ON "tournament_entries" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_results_entry_idx" ON "tournament_results" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "tournament_results_player_idx" ON "tournament_results" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "tournaments_schedule_idx" ON "tournaments" USING btree ("ends_at") WHERE "tournaments"."finished_at" is null;