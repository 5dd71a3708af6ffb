ALTER TABLE "hash_chains" RENAME COLUMN "secret_seed" TO "secret_seed_sealed";--> statement-breakpoint
ALTER TABLE "fairness_seeds" ALTER COLUMN "server_seed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD COLUMN "server_seed_sealed" text;