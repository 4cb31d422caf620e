CREATE TABLE "cod_confirmations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "returned_parcels" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" integer,
	"owed_paise" integer NOT NULL,
	"deduction_paise" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"provider_ref" text
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "internal_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returned_parcels" ADD CONSTRAINT "returned_parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returned_parcels" ADD CONSTRAINT "returned_parcels_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_confirmations_phone_idx" ON "cod_confirmations" USING btree ("phone","asked_at");--> statement-breakpoint
CREATE INDEX "returned_parcels_owed_idx" ON "returned_parcels" USING btree ("checked_in_at") WHERE refunded_at is null;