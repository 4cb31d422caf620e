CREATE TABLE "group_gift_contributions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_gift_contributions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_gift_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"provider_order_id" text,
	"payment_id" integer,
	"taken_paise" bigint DEFAULT 0 NOT NULL,
	"shown_name" text,
	"note" text,
	"state" text DEFAULT 'awaiting_payment' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_gift_contributions_provider_order_id_unique" UNIQUE("provider_order_id")
);
--> statement-breakpoint
CREATE TABLE "group_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"organiser_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"recipient_name" text NOT NULL,
	"message" text,
	"surprise" boolean DEFAULT false NOT NULL,
	"suggested_share_paise" bigint,
	"deadline" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_gifts_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "group_gifts_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_group_gift_id_group_gifts_id_fk" FOREIGN KEY ("group_gift_id") REFERENCES "public"."group_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gifts" ADD CONSTRAINT "group_gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gifts" ADD CONSTRAINT "group_gifts_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_gift_contributions_pool_idx" ON "group_gift_contributions" USING btree ("group_gift_id","state");--> statement-breakpoint
CREATE INDEX "group_gift_contributions_payment_idx" ON "group_gift_contributions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "group_gifts_state_deadline_idx" ON "group_gifts" USING btree ("state","deadline");--> statement-breakpoint
CREATE INDEX "group_gifts_organiser_idx" ON "group_gifts" USING btree ("organiser_id","created_at");