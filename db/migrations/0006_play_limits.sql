CREATE TABLE "play_limits" (
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint,
	"pending_amount_minor" bigint,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_limits_player_id_kind_period_pk" PRIMARY KEY("player_id","kind","period")
);
--> statement-breakpoint
ALTER TABLE "play_limits" ADD CONSTRAINT "play_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_bets_player_round_idx" ON "live_bets" USING btree ("player_id","round_id");