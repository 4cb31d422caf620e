CREATE TABLE "cod_remittances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cod_remittances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"awb" text NOT NULL,
	"order_id" uuid,
	"amount_paise" bigint NOT NULL,
	"reference" text NOT NULL,
	"remitted_on" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_id_unique";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "pickup_awb" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "pickup_courier" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "pickup_provider_order_id" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "pickup_status" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "payee" jsonb;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "payee_given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_awb_idx" ON "cod_remittances" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "cod_remittances_order_idx" ON "cod_remittances" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_current_order_idx" ON "invoices" USING btree ("order_id") WHERE superseded_at is null;--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
-- Decision 0066: returns approved before reverse pickups were refunded (or owed) at approval, and
-- their units went back on the shelf then: they count as received and released at that time.
UPDATE "return_requests" SET "refund_released_at" = "decided_at", "received_at" = "decided_at" WHERE "status" = 'approved';
