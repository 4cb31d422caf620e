CREATE TABLE "address_edits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "address_edits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"address" jsonb NOT NULL,
	"delivery" jsonb,
	"slot_fee_paise" bigint NOT NULL,
	"slot_fee_label" text,
	"difference_paise" bigint NOT NULL,
	"order_updated_at" timestamp with time zone NOT NULL,
	"requested_by" text NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"state" text DEFAULT 'awaiting_payment' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "address_edits_provider_order_id_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "address_edits_difference_positive" CHECK ("address_edits"."difference_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "address_edit_id" integer;--> statement-breakpoint
ALTER TABLE "address_edits" ADD CONSTRAINT "address_edits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_edits_awaiting_idx" ON "address_edits" USING btree ("order_id") WHERE "address_edits"."state" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "address_edits_state_expires_idx" ON "address_edits" USING btree ("state","expires_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_address_edit_id_address_edits_id_fk" FOREIGN KEY ("address_edit_id") REFERENCES "public"."address_edits"("id") ON DELETE no action ON UPDATE no action;