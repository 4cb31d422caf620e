CREATE TABLE "gift_thanks" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"note" text NOT NULL,
	"photo_content_type" text,
	"photo" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_thanks" ADD CONSTRAINT "gift_thanks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;