CREATE TABLE "order_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"code" text NOT NULL,
	"gst_rate_bp" integer NOT NULL,
	CONSTRAINT "order_charges_amount_not_negative" CHECK ("order_charges"."amount_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_charges" ADD CONSTRAINT "order_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_charges_order_kind_idx" ON "order_charges" USING btree ("order_id","kind");--> statement-breakpoint
-- Decision 0072: each order's fees move out of shipping_paise into rows of their own, to the paisa:
-- the midnight slot's and the COD fee's columns were parts of it, so shipping is what is left.
-- Every fee is a delivery service (SAC 996812) at 18%, as the invoices have charged them.
INSERT INTO "order_charges" ("order_id", "kind", "label", "amount_paise", "code", "gst_rate_bp")
SELECT "id", 'shipping', 'Shipping', "shipping_paise" - "delivery_slot_fee_paise" - "cod_fee_paise", '996812', 1800
FROM "orders";--> statement-breakpoint
INSERT INTO "order_charges" ("order_id", "kind", "label", "amount_paise", "code", "gst_rate_bp")
SELECT "id", 'delivery_slot', 'Midnight delivery', "delivery_slot_fee_paise", '996812', 1800
FROM "orders" WHERE "delivery_slot_fee_paise" > 0;--> statement-breakpoint
INSERT INTO "order_charges" ("order_id", "kind", "label", "amount_paise", "code", "gst_rate_bp")
SELECT "id", 'cash_on_delivery', 'Cash on delivery fee', "cod_fee_paise", '996812', 1800
FROM "orders" WHERE "cod_fee_paise" > 0;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "shipping_paise";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "delivery_slot_fee_paise";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "cod_fee_paise";