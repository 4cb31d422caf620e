ALTER TABLE "orders" ADD COLUMN "delivery_date" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_fee_paise" integer DEFAULT 0 NOT NULL;