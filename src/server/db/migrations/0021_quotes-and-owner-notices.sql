CREATE TABLE "owner_digests" (
	"period_end" timestamp with time zone PRIMARY KEY NOT NULL,
	"notice_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owner_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"link" text NOT NULL,
	"digested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_enquiries" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "bulk_enquiries" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD COLUMN "access_key_hash" text;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD COLUMN "buyer_legal_name" text;--> statement-breakpoint
CREATE INDEX "owner_notices_waiting_idx" ON "owner_notices" USING btree ("digested_at","created_at");