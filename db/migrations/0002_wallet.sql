CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"units_per_eur" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"shard" integer DEFAULT 0 NOT NULL,
	"may_go_negative" boolean DEFAULT false NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_not_negative" CHECK ("ledger_accounts"."may_go_negative" or "ledger_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"code" text NOT NULL,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount_minor" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "crypto_deposit_addresses" (
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_deposit_addresses_player_id_currency_pk" PRIMARY KEY("player_id","currency")
);
--> statement-breakpoint
CREATE TABLE "deposit_limits" (
	"player_id" uuid NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint,
	"pending_amount_minor" bigint,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_limits_player_id_period_pk" PRIMARY KEY("player_id","period")
);
--> statement-breakpoint
CREATE TABLE "payment_method_limits" (
	"method_id" text NOT NULL,
	"direction" text NOT NULL,
	"currency" text NOT NULL,
	"min_minor" bigint NOT NULL,
	"max_minor" bigint NOT NULL,
	CONSTRAINT "payment_method_limits_method_id_direction_currency_pk" PRIMARY KEY("method_id","direction","currency"),
	CONSTRAINT "payment_method_limits_range" CHECK (0 < "payment_method_limits"."min_minor" and "payment_method_limits"."min_minor" <= "payment_method_limits"."max_minor")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"crypto_currency" text,
	"image_url" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"method_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"player_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_step" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"method_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"wallet_currency" text NOT NULL,
	"wallet_amount_minor" bigint NOT NULL,
	"rate" text DEFAULT '1' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"next_action" text,
	"idempotency_key" text NOT NULL,
	"provider_reference" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"saved_profile_id" uuid,
	"bonus_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_transactions_amount_positive" CHECK ("payment_transactions"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_webhooks" (
	"provider" text NOT NULL,
	"webhook_id" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhooks_provider_webhook_id_pk" PRIMARY KEY("provider","webhook_id")
);
--> statement-breakpoint
CREATE TABLE "saved_payment_profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"method_id" text NOT NULL,
	"label" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_token" text NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_deposit_addresses" ADD CONSTRAINT "crypto_deposit_addresses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD CONSTRAINT "deposit_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_limits" ADD CONSTRAINT "payment_method_limits_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_profiles" ADD CONSTRAINT "saved_payment_profiles_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_profiles" ADD CONSTRAINT "saved_payment_profiles_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_player_idx" ON "ledger_accounts" USING btree ("player_id","currency","kind") WHERE "ledger_accounts"."player_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_idx" ON "ledger_accounts" USING btree ("currency","kind","shard") WHERE "ledger_accounts"."player_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_idx" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_deposit_addresses_address_idx" ON "crypto_deposit_addresses" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_idempotency_idx" ON "payment_transactions" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_provider_ref_idx" ON "payment_transactions" USING btree ("method_id","provider_reference") WHERE "payment_transactions"."provider_reference" is not null;--> statement-breakpoint
CREATE INDEX "payment_transactions_player_idx" ON "payment_transactions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_idx" ON "payment_transactions" USING btree ("direction","status");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_profiles_token_idx" ON "saved_payment_profiles" USING btree ("player_id","method_id","provider_token");