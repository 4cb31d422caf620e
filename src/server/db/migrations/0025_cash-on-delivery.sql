ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "money_ledger_cod_idx" ON "money_ledger" USING btree ("order_id") WHERE "money_ledger"."kind" = 'cod_collected';