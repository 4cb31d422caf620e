CREATE TABLE "gift_link_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"total_paise" bigint NOT NULL,
	"buyer_gstin" text,
	"buyer_legal_name" text,
	"idempotency_key" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_link_batches_provider_order_id_unique" UNIQUE("provider_order_id")
);
--> statement-breakpoint
DROP INDEX "payments_provider_payment_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_link_batches" ADD CONSTRAINT "gift_link_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_link_batches_user_idempotency_idx" ON "gift_link_batches" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_batch_id_gift_link_batches_id_fk" FOREIGN KEY ("gift_batch_id") REFERENCES "public"."gift_link_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gift_batch_id_gift_link_batches_id_fk" FOREIGN KEY ("gift_batch_id") REFERENCES "public"."gift_link_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_gift_batch_idx" ON "orders" USING btree ("gift_batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_batch_payment_idx" ON "payments" USING btree ("provider","provider_payment_id","order_id") WHERE "payments"."status" <> 'failed' and "payments"."gift_batch_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_idx" ON "payments" USING btree ("provider","provider_payment_id") WHERE "payments"."status" <> 'failed' and "payments"."gift_batch_id" is null;