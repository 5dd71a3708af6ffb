CREATE TABLE "bonus_contributions" (
	"category" text PRIMARY KEY NOT NULL,
	"percent" integer NOT NULL,
	CONSTRAINT "bonus_contributions_percent" CHECK ("bonus_contributions"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "bonus_ranges" (
	"code" text NOT NULL,
	"currency" text NOT NULL,
	"min_minor" bigint NOT NULL,
	"max_minor" bigint NOT NULL,
	CONSTRAINT "bonus_ranges_code_currency_pk" PRIMARY KEY("code","currency"),
	CONSTRAINT "bonus_ranges_order" CHECK (0 < "bonus_ranges"."min_minor" and "bonus_ranges"."min_minor" <= "bonus_ranges"."max_minor")
);
--> statement-breakpoint
CREATE TABLE "bonus_rules" (
	"code" text PRIMARY KEY NOT NULL,
	"deposit_number" integer,
	"window" text,
	"match_percent" integer NOT NULL,
	"min_eur_minor" bigint NOT NULL,
	"max_eur_minor" bigint,
	"wagering_times" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"max_bet_eur_minor" bigint NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"code" text NOT NULL,
	"period_key" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"promotion_id" text,
	"deposit_transaction_id" uuid,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"wagering_required_minor" bigint DEFAULT 0 NOT NULL,
	"wagered_minor" bigint DEFAULT 0 NOT NULL,
	"max_bet_minor" bigint DEFAULT 0 NOT NULL,
	"settled_minor" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "player_bonuses_amounts" CHECK ("player_bonuses"."amount_minor" >= 0 and "player_bonuses"."wagered_minor" >= 0 and "player_bonuses"."wagering_required_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_texts" (
	"promotion_id" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_alt" text NOT NULL,
	CONSTRAINT "promotion_texts_promotion_id_locale_pk" PRIMARY KEY("promotion_id","locale")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"bonus_code" text,
	"image_url" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "bonus_id" uuid;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "bonus_stake_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_bets" ADD COLUMN "bonus_id" uuid;--> statement-breakpoint
ALTER TABLE "live_bets" ADD COLUMN "bonus_stake_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mines_rounds" ADD COLUMN "bonus_id" uuid;--> statement-breakpoint
ALTER TABLE "mines_rounds" ADD COLUMN "bonus_stake_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD COLUMN "bonus_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD COLUMN "bonus_stake_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_ranges" ADD CONSTRAINT "bonus_ranges_code_bonus_rules_code_fk" FOREIGN KEY ("code") REFERENCES "public"."bonus_rules"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_texts" ADD CONSTRAINT "promotion_texts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_bonus_code_bonus_rules_code_fk" FOREIGN KEY ("bonus_code") REFERENCES "public"."bonus_rules"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_active_idx" ON "player_bonuses" USING btree ("player_id") WHERE "player_bonuses"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_once_idx" ON "player_bonuses" USING btree ("player_id","code","period_key") WHERE "player_bonuses"."status" <> 'declined';--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_deposit_idx" ON "player_bonuses" USING btree ("deposit_transaction_id") WHERE "player_bonuses"."deposit_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "player_bonuses_player_idx" ON "player_bonuses" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "player_bonuses_due_idx" ON "player_bonuses" USING btree ("expires_at") WHERE "player_bonuses"."status" in ('offered', 'active');--> statement-breakpoint
CREATE INDEX "promotions_order_idx" ON "promotions" USING btree ("sort_order");--> statement-breakpoint
-- The operator's starting rules (common/bonus-rules.ts DEFAULT_BONUS_RULES, decisions section 6):
-- every installation needs them, so they come with the schema rather than the demo seed.
INSERT INTO "bonus_rules" ("code", "deposit_number", "window", "match_percent", "min_eur_minor", "max_eur_minor", "wagering_times", "valid_days", "max_bet_eur_minor") VALUES
  ('first', 1, NULL, 100, 1500, 20000, 10, 7, 500),
  ('second', 2, NULL, 75, 1500, 30000, 10, 7, 500),
  ('third', 3, NULL, 50, 2000, 50000, 10, 7, 500),
  ('fourth', 4, NULL, 100, 5000, 100000, 10, 7, 500),
  ('wednesday', NULL, 'wednesday', 50, 2000, NULL, 10, 7, 500),
  ('weekend', NULL, 'weekend', 50, 2000, 30000, 10, 7, 500),
  ('valentines', NULL, 'valentines', 50, 2000, NULL, 10, 7, 500)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The spec's own ranges for the first deposit (section 9); other currencies derive from EUR.
INSERT INTO "bonus_ranges" ("code", "currency", "min_minor", "max_minor") VALUES
  ('first', 'EUR', 1500, 20000),
  ('first', 'USD', 1500, 20000),
  ('first', 'CAD', 2000, 27000),
  ('first', 'AUD', 2500, 30000),
  ('first', 'NZD', 3000, 33000),
  ('first', 'PLN', 9000, 92000),
  ('first', 'INR', 150000, 1600000),
  ('first', 'NOK', 15000, 210000),
  ('first', 'BTC', 100000, 1000000)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "bonus_contributions" ("category", "percent") VALUES
  ('slots', 100), ('table-games', 10), ('live-casino', 10), ('crash', 10), ('originals', 10)
ON CONFLICT DO NOTHING;
