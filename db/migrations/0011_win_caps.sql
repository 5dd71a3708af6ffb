ALTER TABLE "bets" ADD COLUMN "uncapped_payout_minor" bigint;--> statement-breakpoint
ALTER TABLE "live_bets" ADD COLUMN "uncapped_payout_minor" bigint;