CREATE TABLE "deposit_wagering" (
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"outstanding_minor" bigint DEFAULT 0 NOT NULL,
	"counted_until" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_wagering_player_id_currency_pk" PRIMARY KEY("player_id","currency"),
	CONSTRAINT "deposit_wagering_not_negative" CHECK ("deposit_wagering"."outstanding_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "source" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "fetched_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_wagering" ADD CONSTRAINT "deposit_wagering_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;