ALTER TABLE "provider_transactions" ADD COLUMN "free_spin_grant_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_free_spin_grant_id_free_spin_grants_id_fk" FOREIGN KEY ("free_spin_grant_id") REFERENCES "public"."free_spin_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Bonus money won or bought in the rewards is a bonus of the internal code `reward`: its rule row
-- (common/bonus-rules.ts DEFAULT_REWARD_RULE) is the operator's to edit like the seven's. It takes
-- no deposit: its range is never used, the minimum is one cent so the row stays valid.
INSERT INTO "bonus_rules" ("code", "deposit_number", "window", "match_percent", "min_eur_minor", "max_eur_minor", "wagering_times", "valid_days", "max_bet_eur_minor") VALUES
  ('reward', NULL, NULL, 100, 1, NULL, 10, 7, 500)
ON CONFLICT DO NOTHING;
