CREATE TABLE "gift_links" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text,
	"recipient_name" text NOT NULL,
	"recipient_phone" text,
	"recipient_email" text,
	"message" text,
	"reveal_gift" boolean DEFAULT false NOT NULL,
	"allowed_slots" jsonb NOT NULL,
	"state" text DEFAULT 'awaiting_payment' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_pincode" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_links" ADD CONSTRAINT "gift_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_links_state_expires_idx" ON "gift_links" USING btree ("state","expires_at");