CREATE TABLE "game_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"api_secret_sealed" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_stake_limits" (
	"game_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"min_minor" bigint NOT NULL,
	"max_minor" bigint NOT NULL,
	CONSTRAINT "game_stake_limits_game_id_currency_pk" PRIMARY KEY("game_id","currency"),
	CONSTRAINT "game_stake_limits_range" CHECK (0 < "game_stake_limits"."min_minor" and "game_stake_limits"."min_minor" <= "game_stake_limits"."max_minor")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"provider_id" text NOT NULL,
	"kind" text NOT NULL,
	"engine" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"rtp_bp" integer NOT NULL,
	"volatility" text NOT NULL,
	"is_live" boolean DEFAULT false NOT NULL,
	"has_demo" boolean DEFAULT true NOT NULL,
	"restricted_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"release_date" date NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"thumbnail_url" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_rtp_range" CHECK ("games"."rtp_bp" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "hash_chains" (
	"game" text PRIMARY KEY NOT NULL,
	"secret_seed" text NOT NULL,
	"length" integer NOT NULL,
	"terminal_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_bets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"round_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"stake_minor" bigint NOT NULL,
	"choice" jsonb NOT NULL,
	"cashout_at_bp" integer,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"client_request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"number" integer NOT NULL,
	"round_hash" text NOT NULL,
	"status" text DEFAULT 'betting' NOT NULL,
	"result" jsonb,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mines_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"stake_minor" bigint NOT NULL,
	"mines" integer NOT NULL,
	"revealed" integer[] DEFAULT '{}'::int[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"seed_id" uuid NOT NULL,
	"nonce" integer NOT NULL,
	"client_request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_launch_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"provider_id" text NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"player_id" uuid NOT NULL,
	"game_id" uuid,
	"round_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"rolls_back_id" text,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_transactions_provider_id_provider_transaction_id_pk" PRIMARY KEY("provider_id","provider_transaction_id")
);
--> statement-breakpoint
CREATE TABLE "recently_played" (
	"player_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recently_played_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "game_stake_limits" ADD CONSTRAINT "game_stake_limits_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bets" ADD CONSTRAINT "live_bets_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bets" ADD CONSTRAINT "live_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mines_rounds" ADD CONSTRAINT "mines_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_launch_tokens" ADD CONSTRAINT "provider_launch_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_launch_tokens" ADD CONSTRAINT "provider_launch_tokens_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_played" ADD CONSTRAINT "recently_played_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_played" ADD CONSTRAINT "recently_played_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_slug_idx" ON "games" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "games_provider_idx" ON "games" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_bets_client_request_idx" ON "live_bets" USING btree ("player_id","client_request_id");--> statement-breakpoint
CREATE INDEX "live_bets_round_idx" ON "live_bets" USING btree ("round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_rounds_number_idx" ON "live_rounds" USING btree ("game","number");--> statement-breakpoint
CREATE INDEX "live_rounds_status_idx" ON "live_rounds" USING btree ("game","status");--> statement-breakpoint
CREATE UNIQUE INDEX "mines_rounds_active_idx" ON "mines_rounds" USING btree ("player_id") WHERE "mines_rounds"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "mines_rounds_client_request_idx" ON "mines_rounds" USING btree ("player_id","client_request_id");--> statement-breakpoint
CREATE INDEX "provider_launch_tokens_player_idx" ON "provider_launch_tokens" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "provider_transactions_round_idx" ON "provider_transactions" USING btree ("provider_id","round_id");--> statement-breakpoint
CREATE INDEX "recently_played_player_idx" ON "recently_played" USING btree ("player_id","played_at");