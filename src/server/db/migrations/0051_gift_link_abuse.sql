CREATE TABLE "gift_link_opens" (
	"order_id" uuid NOT NULL,
	"opener_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_link_opens_order_id_opener_hash_pk" PRIMARY KEY("order_id","opener_hash")
);
--> statement-breakpoint
ALTER TABLE "gift_links" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_link_opens" ADD CONSTRAINT "gift_link_opens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;