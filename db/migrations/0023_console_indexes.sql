DROP INDEX "payment_transactions_status_idx";--> statement-breakpoint
CREATE INDEX "audit_events_created_brin" ON "audit_events" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "bets_created_brin" ON "bets" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_idx" ON "payment_transactions" USING btree ("direction","status","completed_at");