ALTER TABLE "products" ADD COLUMN "add_on_kind" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "add_on_category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_add_on_idx" ON "products" USING btree ("id") WHERE "products"."add_on_kind" IS NOT NULL;