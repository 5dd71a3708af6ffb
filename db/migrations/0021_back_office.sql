CREATE TABLE "player_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"operator_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_notes_text_length" CHECK (char_length("player_notes"."text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "balance_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "balance_adjustments_amount_nonzero" CHECK ("balance_adjustments"."amount_minor" <> 0),
	CONSTRAINT "balance_adjustments_four_eyes" CHECK ("balance_adjustments"."decided_by" is null or "balance_adjustments"."decided_by" <> "balance_adjustments"."requested_by"),
	CONSTRAINT "balance_adjustments_reason_length" CHECK (char_length("balance_adjustments"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "operators" DROP CONSTRAINT "operators_roles_known";--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "lock_reason" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "first_approver_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_notes_player_idx" ON "player_notes" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_adjustments_status_idx" ON "balance_adjustments" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "balance_adjustments_player_idx" ON "balance_adjustments" USING btree ("player_id","requested_at");--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_roles_known" CHECK ("operators"."roles" <@ array['admin', 'support', 'kyc', 'finance', 'content', 'auditor']::text[]);