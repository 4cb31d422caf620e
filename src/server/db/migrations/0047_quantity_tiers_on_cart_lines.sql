ALTER TABLE "order_items" ADD COLUMN "quantity_tier" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tier_discount_paise" bigint DEFAULT 0 NOT NULL;