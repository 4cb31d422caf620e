-- Decision 0059: every product has a real MRP. A store with products that have none stops here and
-- is told which: set their MRPs in the back office (or a CSV import with an mrp column) on the
-- version it runs now, then upgrade. No MRP is made up for them.
DO $$
DECLARE
  missing bigint;
  listed text;
BEGIN
  SELECT count(*) INTO missing FROM "products" WHERE "mrp_paise" IS NULL;
  IF missing > 0 THEN
    SELECT string_agg(format('#%s %s%s', "id", "name", coalesce(' (SKU ' || "sku" || ')', '')), '; ' ORDER BY "id")
      INTO listed
      FROM (SELECT "id", "name", "sku" FROM "products" WHERE "mrp_paise" IS NULL ORDER BY "id" LIMIT 50) first_ones;
    IF missing > 50 THEN listed := listed || format(' and %s more', missing - 50); END IF;
    RAISE EXCEPTION '% products have no MRP; each needs one before this upgrade: %', missing, listed
      USING HINT = 'Set each one''s MRP in the back office or import a CSV with an mrp column, then run the upgrade again.';
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "mrp_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "gst_rate_to_confirm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "declarations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_to_confirm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "declarations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin_country" text DEFAULT 'India' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Decision 0059: GST 2.0 (22 September 2025) retired the 12% and 28% slabs. Rows still at one keep
-- their rate until the owner confirms the new one; these flags list them in the back office.
UPDATE "categories" SET "gst_rate_to_confirm" = true WHERE "gst_rate_bp" IN (1200, 2800);--> statement-breakpoint
UPDATE "products" SET "gst_rate_to_confirm" = true WHERE "gst_rate_bp" IN (1200, 2800);
