CREATE TABLE "free_spin_grants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"stake_minor" bigint NOT NULL,
	"spins_total" integer NOT NULL,
	"spins_left" integer NOT NULL,
	"won_minor" bigint DEFAULT 0 NOT NULL,
	"source_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_spin_grants_sourceKey_unique" UNIQUE("source_key"),
	CONSTRAINT "free_spin_grants_counts" CHECK ("free_spin_grants"."spins_left" between 0 and "free_spin_grants"."spins_total" and "free_spin_grants"."stake_minor" > 0 and "free_spin_grants"."won_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lootbox_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lootbox_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"prize" jsonb NOT NULL,
	"weight" integer NOT NULL,
	"texts" jsonb NOT NULL,
	CONSTRAINT "lootbox_prizes_weight" CHECK ("lootbox_prizes"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "lootbox_sources" (
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"lootbox_id" integer NOT NULL,
	CONSTRAINT "lootbox_sources_source_kind_source_id_lootbox_id_pk" PRIMARY KEY("source_kind","source_id","lootbox_id")
);
--> statement-breakpoint
CREATE TABLE "lootboxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"texts" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"valid_days" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lootboxes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "lotteries" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"texts" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"sales_open_at" timestamp with time zone NOT NULL,
	"sales_close_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"ticket_every_eur_minor" bigint,
	"max_tickets_per_player" integer NOT NULL,
	"server_seed_sealed" text,
	"server_seed_hash" text NOT NULL,
	"server_seed" text,
	"client_seed" text,
	"ticket_count" integer DEFAULT 0 NOT NULL,
	"drawn_at" timestamp with time zone,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotteries_slug_unique" UNIQUE("slug"),
	CONSTRAINT "lotteries_schedule" CHECK ("lotteries"."sales_open_at" < "lotteries"."sales_close_at" and "lotteries"."sales_close_at" <= "lotteries"."draw_at"),
	CONSTRAINT "lotteries_max_tickets" CHECK ("lotteries"."max_tickets_per_player" > 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_prizes" (
	"lottery_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"prize" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	CONSTRAINT "lottery_prizes_lottery_id_rank_pk" PRIMARY KEY("lottery_id","rank"),
	CONSTRAINT "lottery_prizes_rank" CHECK ("lottery_prizes"."rank" > 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_progress" (
	"player_id" uuid NOT NULL,
	"lottery_id" integer NOT NULL,
	"progress_eur_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lottery_progress_player_id_lottery_id_pk" PRIMARY KEY("player_id","lottery_id")
);
--> statement-breakpoint
CREATE TABLE "lottery_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lottery_id" integer NOT NULL,
	"number" integer NOT NULL,
	"player_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_tickets_sourceKey_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "lottery_winners" (
	"lottery_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"ticket_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"prize" jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "lottery_winners_lottery_id_rank_pk" PRIMARY KEY("lottery_id","rank")
);
--> statement-breakpoint
CREATE TABLE "player_lootboxes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"lootbox_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source_key" text NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"draw_id" uuid,
	CONSTRAINT "player_lootboxes_sourceKey_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "player_wheels" (
	"player_id" uuid NOT NULL,
	"wheel_id" integer NOT NULL,
	"progress_eur_minor" bigint DEFAULT 0 NOT NULL,
	"spins_available" integer DEFAULT 0 NOT NULL,
	"spins_used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_wheels_player_id_wheel_id_pk" PRIMARY KEY("player_id","wheel_id"),
	CONSTRAINT "player_wheels_counts" CHECK ("player_wheels"."spins_available" >= 0 and "player_wheels"."spins_used" >= 0 and "player_wheels"."progress_eur_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reward_draws" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"seed_pair_id" uuid NOT NULL,
	"nonce" integer NOT NULL,
	"weights" integer[] NOT NULL,
	"entry_ids" integer[] NOT NULL,
	"index" integer NOT NULL,
	"prize" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"prize" jsonb NOT NULL,
	"price_coins_minor" bigint NOT NULL,
	"stock" integer,
	"per_player_limit" integer,
	"limit_period" text DEFAULT 'ever' NOT NULL,
	"texts" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_items_slug_unique" UNIQUE("slug"),
	CONSTRAINT "shop_items_price" CHECK ("shop_items"."price_coins_minor" > 0),
	CONSTRAINT "shop_items_stock" CHECK ("shop_items"."stock" is null or "shop_items"."stock" >= 0),
	CONSTRAINT "shop_items_limit" CHECK ("shop_items"."per_player_limit" is null or "shop_items"."per_player_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"item_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"price_coins_minor" bigint NOT NULL,
	"prize" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wheel_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"wheel_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"prize" jsonb NOT NULL,
	"weight" integer NOT NULL,
	"color" text NOT NULL,
	"texts" jsonb NOT NULL,
	CONSTRAINT "wheel_segments_weight" CHECK ("wheel_segments"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "wheels" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"texts" jsonb NOT NULL,
	"spin_every_eur_minor" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheels_slug_unique" UNIQUE("slug"),
	CONSTRAINT "wheels_spin_every" CHECK ("wheels"."spin_every_eur_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "free_spin_grants" ADD CONSTRAINT "free_spin_grants_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_spin_grants" ADD CONSTRAINT "free_spin_grants_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lootbox_prizes" ADD CONSTRAINT "lootbox_prizes_lootbox_id_lootboxes_id_fk" FOREIGN KEY ("lootbox_id") REFERENCES "public"."lootboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lootbox_sources" ADD CONSTRAINT "lootbox_sources_lootbox_id_lootboxes_id_fk" FOREIGN KEY ("lootbox_id") REFERENCES "public"."lootboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_progress" ADD CONSTRAINT "lottery_progress_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_progress" ADD CONSTRAINT "lottery_progress_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_winners" ADD CONSTRAINT "lottery_winners_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_winners" ADD CONSTRAINT "lottery_winners_ticket_id_lottery_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."lottery_tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_winners" ADD CONSTRAINT "lottery_winners_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_lootboxes" ADD CONSTRAINT "player_lootboxes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_lootboxes" ADD CONSTRAINT "player_lootboxes_lootbox_id_lootboxes_id_fk" FOREIGN KEY ("lootbox_id") REFERENCES "public"."lootboxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_wheels" ADD CONSTRAINT "player_wheels_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_wheels" ADD CONSTRAINT "player_wheels_wheel_id_wheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."wheels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_draws" ADD CONSTRAINT "reward_draws_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_draws" ADD CONSTRAINT "reward_draws_seed_pair_id_fairness_seeds_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."fairness_seeds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_purchases" ADD CONSTRAINT "shop_purchases_item_id_shop_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shop_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_segments" ADD CONSTRAINT "wheel_segments_wheel_id_wheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."wheels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_spin_grants_player_idx" ON "free_spin_grants" USING btree ("player_id","game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lootbox_prizes_order_idx" ON "lootbox_prizes" USING btree ("lootbox_id","sort");--> statement-breakpoint
CREATE INDEX "lotteries_due_idx" ON "lotteries" USING btree ("draw_at") WHERE "lotteries"."drawn_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_tickets_number_idx" ON "lottery_tickets" USING btree ("lottery_id","number");--> statement-breakpoint
CREATE INDEX "lottery_tickets_player_idx" ON "lottery_tickets" USING btree ("player_id","lottery_id");--> statement-breakpoint
CREATE INDEX "player_lootboxes_player_idx" ON "player_lootboxes" USING btree ("player_id","status","expired_at");--> statement-breakpoint
CREATE INDEX "reward_draws_player_idx" ON "reward_draws" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_items_order_idx" ON "shop_items" USING btree ("sort");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_purchases_key_idx" ON "shop_purchases" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "shop_purchases_limit_idx" ON "shop_purchases" USING btree ("player_id","item_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wheel_segments_order_idx" ON "wheel_segments" USING btree ("wheel_id","sort");