CREATE TABLE "bets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"game" text NOT NULL,
	"round" text NOT NULL,
	"currency" text NOT NULL,
	"stake_minor" bigint NOT NULL,
	"payout_minor" bigint NOT NULL,
	"multiplier_bp" integer NOT NULL,
	"client_request_id" text NOT NULL,
	"seed_id" uuid,
	"nonce" integer,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fairness_seeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_seed_id_fairness_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."fairness_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD CONSTRAINT "fairness_seeds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bets_client_request_idx" ON "bets" USING btree ("player_id","client_request_id");--> statement-breakpoint
CREATE INDEX "bets_player_idx" ON "bets" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fairness_seeds_active_idx" ON "fairness_seeds" USING btree ("player_id") WHERE "fairness_seeds"."revealed_at" is null;