CREATE TABLE "money_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"payment_id" integer,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_ledger_amount_positive" CHECK ("money_ledger"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due_reason" text;--> statement-breakpoint
ALTER TABLE "money_ledger" ADD CONSTRAINT "money_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_ledger" ADD CONSTRAINT "money_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_ledger_order_idx" ON "money_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "money_ledger_capture_idx" ON "money_ledger" USING btree ("payment_id") WHERE "money_ledger"."kind" = 'captured';--> statement-breakpoint
CREATE TABLE "money_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"checked_at" timestamp with time zone NOT NULL,
	"orders_checked" integer NOT NULL,
	"differences" jsonb NOT NULL
);

--> statement-breakpoint
-- The backfill (decision 0031): the ledger starts with every movement the tables already hold. A payment given
-- back in full before refunded_paise counted it (a duplicate, a late payment) counts it now.
UPDATE "payments" SET "refunded_paise" = "amount_paise" WHERE "status" = 'refunded' AND "refunded_paise" < "amount_paise";--> statement-breakpoint
INSERT INTO "money_ledger" ("order_id", "payment_id", "kind", "amount_paise", "reason", "provider_ref", "created_at")
SELECT "order_id", "id", 'captured', "amount_paise", 'payment', "provider_payment_id", "created_at"
FROM "payments" WHERE "status" IN ('captured', 'refunded') AND "amount_paise" > 0;--> statement-breakpoint
INSERT INTO "money_ledger" ("order_id", "kind", "amount_paise", "reason", "provider_ref", "created_at")
SELECT "order_id", 'refunded', "refund_paise", 'return', "provider_refund_id", coalesce("decided_at", "created_at")
FROM "return_requests" WHERE "status" = 'approved' AND "refund_paise" > 0;--> statement-breakpoint
-- What else went back (duplicates, late or mismatched payments), by order, at its payment's time.
INSERT INTO "money_ledger" ("order_id", "kind", "amount_paise", "reason", "created_at")
SELECT p."order_id", 'refunded', sum(p."refunded_paise") - coalesce((
  SELECT sum(r."refund_paise") FROM "return_requests" r WHERE r."order_id" = p."order_id" AND r."status" = 'approved'
), 0), 'payment_returned', max(p."created_at")
FROM "payments" p WHERE p."status" IN ('captured', 'refunded')
GROUP BY p."order_id"
HAVING sum(p."refunded_paise") - coalesce((
  SELECT sum(r."refund_paise") FROM "return_requests" r WHERE r."order_id" = p."order_id" AND r."status" = 'approved'
), 0) > 0;--> statement-breakpoint
-- Orders the owner marked paid without a payment through the provider (money taken some other way).
INSERT INTO "money_ledger" ("order_id", "kind", "amount_paise", "reason", "created_at")
SELECT o."id", 'captured', o."total_paise", 'marked_paid', o."paid_at"
FROM "orders" o
WHERE o."paid_at" IS NOT NULL AND o."status" NOT IN ('pending', 'cancelled') AND o."total_paise" > 0
  AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."order_id" = o."id" AND p."status" IN ('captured', 'refunded'));
