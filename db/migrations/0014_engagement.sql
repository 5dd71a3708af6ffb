CREATE TABLE "page_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"image_url" text,
	"texts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"event" text NOT NULL,
	"rules" jsonb NOT NULL,
	"expected" bigint NOT NULL,
	"min_stake_eur_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "engagement_triggers_expected" CHECK ("engagement_triggers"."expected" > 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"from_points" bigint NOT NULL,
	"image_url" text NOT NULL,
	"reward_coins_minor" bigint DEFAULT 0 NOT NULL,
	"texts" jsonb NOT NULL,
	CONSTRAINT "loyalty_levels_fromPoints_unique" UNIQUE("from_points"),
	CONSTRAINT "loyalty_levels_points" CHECK ("loyalty_levels"."from_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "player_loyalty" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"points_minor" bigint DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quest_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"texts" jsonb NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "quest_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "quest_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"quest_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"texts" jsonb NOT NULL,
	"reward_coins_minor" bigint NOT NULL,
	CONSTRAINT "quest_templates_reward" CHECK ("quest_templates"."reward_coins_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quests" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"image_url" text NOT NULL,
	"texts" jsonb NOT NULL,
	"repeat" text DEFAULT 'none' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quests_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "template_rewards" (
	"player_id" uuid NOT NULL,
	"template_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"coins_minor" bigint NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_rewards_player_id_template_id_period_key_pk" PRIMARY KEY("player_id","template_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "trigger_progress" (
	"player_id" uuid NOT NULL,
	"trigger_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"progress" bigint NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trigger_progress_player_id_trigger_id_period_key_pk" PRIMARY KEY("player_id","trigger_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "vip_tiers" (
	"tier" integer PRIMARY KEY NOT NULL,
	"from_level" integer NOT NULL,
	"image_url" text NOT NULL,
	"cashback_bp" integer NOT NULL,
	"cashback_cap_eur_minor" bigint NOT NULL,
	"coin_multiplier_bp" integer NOT NULL,
	"withdrawal_limit_eur_minor" bigint NOT NULL,
	"texts" jsonb NOT NULL,
	CONSTRAINT "vip_tiers_fromLevel_unique" UNIQUE("from_level"),
	CONSTRAINT "vip_tiers_cashback" CHECK ("vip_tiers"."cashback_bp" between 0 and 5000),
	CONSTRAINT "vip_tiers_multiplier" CHECK ("vip_tiers"."coin_multiplier_bp" between 10000 and 50000)
);
--> statement-breakpoint
ALTER TABLE "engagement_triggers" ADD CONSTRAINT "engagement_triggers_template_id_quest_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."quest_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_loyalty" ADD CONSTRAINT "player_loyalty_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_templates" ADD CONSTRAINT "quest_templates_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quests" ADD CONSTRAINT "quests_category_id_quest_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."quest_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_rewards" ADD CONSTRAINT "template_rewards_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_rewards" ADD CONSTRAINT "template_rewards_template_id_quest_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."quest_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_progress" ADD CONSTRAINT "trigger_progress_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_progress" ADD CONSTRAINT "trigger_progress_trigger_id_engagement_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."engagement_triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_components_page_sort_idx" ON "page_components" USING btree ("page","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_events_source_idx" ON "engagement_events" USING btree ("kind","source_id") WHERE "engagement_events"."kind" <> 'bet';--> statement-breakpoint
CREATE INDEX "engagement_triggers_event_idx" ON "engagement_triggers" USING btree ("event");--> statement-breakpoint
CREATE INDEX "quest_templates_quest_idx" ON "quest_templates" USING btree ("quest_id","sort");--> statement-breakpoint
CREATE INDEX "quests_category_idx" ON "quests" USING btree ("category_id","sort");--> statement-breakpoint
-- Every game's writer inserts its settled bets into "bets"; this trigger reports each one to the
-- engagement engine in the same transaction (docs/decisions/014). A statement-level trigger, so a
-- live round's batch of bets costs one extra statement, not one per bet.
CREATE FUNCTION engagement_bet_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO engagement_events (kind, source_id, player_id)
    SELECT 'bet', inserted.id::text, inserted.player_id FROM inserted;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bets_engagement_events AFTER INSERT ON bets
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION engagement_bet_events();
--> statement-breakpoint
-- Progress and points rows are updated on nearly every bet: room left in each page lets those
-- updates stay on their page without touching the primary key's index (HOT updates).
ALTER TABLE "trigger_progress" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "player_loyalty" SET (fillfactor = 70);
--> statement-breakpoint
-- The default loyalty levels and VIP tiers, which the operator edits through /admin/api.
INSERT INTO "loyalty_levels" ("level", "from_points", "image_url", "reward_coins_minor", "texts") VALUES
  (1, 0, '/levels/level-1.svg', 0, '{"en": {"name": "Newcomer"}, "de": {"name": "Neuling"}, "fr": {"name": "Nouveau venu"}, "de_at": {"name": "Neuling"}, "au": {"name": "Newcomer"}, "nz": {"name": "Newcomer"}, "fr-ca": {"name": "Nouveau venu"}, "ca": {"name": "Newcomer"}, "pt": {"name": "Recém-chegado"}, "no": {"name": "Nykommer"}, "pl": {"name": "Nowicjusz"}, "fi": {"name": "Tulokas"}, "en-ar": {"name": "Newcomer"}, "ar-en": {"name": "وافد جديد"}, "it": {"name": "Nuovo arrivato"}, "ee": {"name": "Uustulnuk"}}'::jsonb),
  (2, 100, '/levels/level-2.svg', 50000, '{"en": {"name": "Explorer"}, "de": {"name": "Entdecker"}, "fr": {"name": "Explorateur"}, "de_at": {"name": "Entdecker"}, "au": {"name": "Explorer"}, "nz": {"name": "Explorer"}, "fr-ca": {"name": "Explorateur"}, "ca": {"name": "Explorer"}, "pt": {"name": "Explorador"}, "no": {"name": "Utforsker"}, "pl": {"name": "Odkrywca"}, "fi": {"name": "Tutkija"}, "en-ar": {"name": "Explorer"}, "ar-en": {"name": "مستكشف"}, "it": {"name": "Esploratore"}, "ee": {"name": "Avastaja"}}'::jsonb),
  (3, 500, '/levels/level-3.svg', 150000, '{"en": {"name": "Regular"}, "de": {"name": "Stammgast"}, "fr": {"name": "Habitué"}, "de_at": {"name": "Stammgast"}, "au": {"name": "Regular"}, "nz": {"name": "Regular"}, "fr-ca": {"name": "Habitué"}, "ca": {"name": "Regular"}, "pt": {"name": "Frequentador"}, "no": {"name": "Stamgjest"}, "pl": {"name": "Bywalec"}, "fi": {"name": "Kanta-asiakas"}, "en-ar": {"name": "Regular"}, "ar-en": {"name": "زائر دائم"}, "it": {"name": "Assiduo"}, "ee": {"name": "Püsikülaline"}}'::jsonb),
  (4, 1500, '/levels/level-4.svg', 300000, '{"en": {"name": "Adept"}, "de": {"name": "Kenner"}, "fr": {"name": "Connaisseur"}, "de_at": {"name": "Kenner"}, "au": {"name": "Adept"}, "nz": {"name": "Adept"}, "fr-ca": {"name": "Connaisseur"}, "ca": {"name": "Adept"}, "pt": {"name": "Conhecedor"}, "no": {"name": "Kjenner"}, "pl": {"name": "Znawca"}, "fi": {"name": "Tuntija"}, "en-ar": {"name": "Adept"}, "ar-en": {"name": "خبير"}, "it": {"name": "Intenditore"}, "ee": {"name": "Asjatundja"}}'::jsonb),
  (5, 5000, '/levels/level-5.svg', 600000, '{"en": {"name": "Expert"}, "de": {"name": "Experte"}, "fr": {"name": "Expert"}, "de_at": {"name": "Experte"}, "au": {"name": "Expert"}, "nz": {"name": "Expert"}, "fr-ca": {"name": "Expert"}, "ca": {"name": "Expert"}, "pt": {"name": "Especialista"}, "no": {"name": "Ekspert"}, "pl": {"name": "Ekspert"}, "fi": {"name": "Asiantuntija"}, "en-ar": {"name": "Expert"}, "ar-en": {"name": "محترف"}, "it": {"name": "Esperto"}, "ee": {"name": "Ekspert"}}'::jsonb),
  (6, 15000, '/levels/level-6.svg', 1200000, '{"en": {"name": "Master"}, "de": {"name": "Meister"}, "fr": {"name": "Maître"}, "de_at": {"name": "Meister"}, "au": {"name": "Master"}, "nz": {"name": "Master"}, "fr-ca": {"name": "Maître"}, "ca": {"name": "Master"}, "pt": {"name": "Mestre"}, "no": {"name": "Mester"}, "pl": {"name": "Mistrz"}, "fi": {"name": "Mestari"}, "en-ar": {"name": "Master"}, "ar-en": {"name": "أستاذ"}, "it": {"name": "Maestro"}, "ee": {"name": "Meister"}}'::jsonb),
  (7, 50000, '/levels/level-7.svg', 2500000, '{"en": {"name": "Champion"}, "de": {"name": "Champion"}, "fr": {"name": "Champion"}, "de_at": {"name": "Champion"}, "au": {"name": "Champion"}, "nz": {"name": "Champion"}, "fr-ca": {"name": "Champion"}, "ca": {"name": "Champion"}, "pt": {"name": "Campeão"}, "no": {"name": "Sjampion"}, "pl": {"name": "Czempion"}, "fi": {"name": "Sankari"}, "en-ar": {"name": "Champion"}, "ar-en": {"name": "بطل"}, "it": {"name": "Campione"}, "ee": {"name": "Tšempion"}}'::jsonb),
  (8, 150000, '/levels/level-8.svg', 5000000, '{"en": {"name": "Legend"}, "de": {"name": "Legende"}, "fr": {"name": "Légende"}, "de_at": {"name": "Legende"}, "au": {"name": "Legend"}, "nz": {"name": "Legend"}, "fr-ca": {"name": "Légende"}, "ca": {"name": "Legend"}, "pt": {"name": "Lenda"}, "no": {"name": "Legende"}, "pl": {"name": "Legenda"}, "fi": {"name": "Legenda"}, "en-ar": {"name": "Legend"}, "ar-en": {"name": "أسطورة"}, "it": {"name": "Leggenda"}, "ee": {"name": "Legend"}}'::jsonb);
--> statement-breakpoint
INSERT INTO "vip_tiers" ("tier", "from_level", "image_url", "cashback_bp", "cashback_cap_eur_minor", "coin_multiplier_bp", "withdrawal_limit_eur_minor", "texts") VALUES
  (1, 3, '/vip/tier-1.svg', 500, 10000, 11000, 1000000, '{"en": {"name": "Bronze"}, "de": {"name": "Bronze"}, "fr": {"name": "Bronze"}, "de_at": {"name": "Bronze"}, "au": {"name": "Bronze"}, "nz": {"name": "Bronze"}, "fr-ca": {"name": "Bronze"}, "ca": {"name": "Bronze"}, "pt": {"name": "Bronze"}, "no": {"name": "Bronse"}, "pl": {"name": "Brąz"}, "fi": {"name": "Pronssi"}, "en-ar": {"name": "Bronze"}, "ar-en": {"name": "برونزي"}, "it": {"name": "Bronzo"}, "ee": {"name": "Pronks"}}'::jsonb),
  (2, 5, '/vip/tier-2.svg', 800, 25000, 12500, 2000000, '{"en": {"name": "Silver"}, "de": {"name": "Silber"}, "fr": {"name": "Argent"}, "de_at": {"name": "Silber"}, "au": {"name": "Silver"}, "nz": {"name": "Silver"}, "fr-ca": {"name": "Argent"}, "ca": {"name": "Silver"}, "pt": {"name": "Prata"}, "no": {"name": "Sølv"}, "pl": {"name": "Srebro"}, "fi": {"name": "Hopea"}, "en-ar": {"name": "Silver"}, "ar-en": {"name": "فضي"}, "it": {"name": "Argento"}, "ee": {"name": "Hõbe"}}'::jsonb),
  (3, 7, '/vip/tier-3.svg', 1000, 50000, 15000, 5000000, '{"en": {"name": "Gold"}, "de": {"name": "Gold"}, "fr": {"name": "Or"}, "de_at": {"name": "Gold"}, "au": {"name": "Gold"}, "nz": {"name": "Gold"}, "fr-ca": {"name": "Or"}, "ca": {"name": "Gold"}, "pt": {"name": "Ouro"}, "no": {"name": "Gull"}, "pl": {"name": "Złoto"}, "fi": {"name": "Kulta"}, "en-ar": {"name": "Gold"}, "ar-en": {"name": "ذهبي"}, "it": {"name": "Oro"}, "ee": {"name": "Kuld"}}'::jsonb),
  (4, 8, '/vip/tier-4.svg', 1500, 100000, 20000, 10000000, '{"en": {"name": "Diamond"}, "de": {"name": "Diamant"}, "fr": {"name": "Diamant"}, "de_at": {"name": "Diamant"}, "au": {"name": "Diamond"}, "nz": {"name": "Diamond"}, "fr-ca": {"name": "Diamant"}, "ca": {"name": "Diamond"}, "pt": {"name": "Diamante"}, "no": {"name": "Diamant"}, "pl": {"name": "Diament"}, "fi": {"name": "Timantti"}, "en-ar": {"name": "Diamond"}, "ar-en": {"name": "ماسي"}, "it": {"name": "Diamante"}, "ee": {"name": "Teemant"}}'::jsonb);
