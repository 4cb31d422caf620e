DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
DROP INDEX "products_featured_idx";--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category_id","rating","id","price_paise","featured","archived");--> statement-breakpoint
CREATE INDEX "products_category_featured_idx" ON "products" USING btree ("category_id","featured","id","price_paise","archived");--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category_id","id","price_paise","featured","archived");--> statement-breakpoint
CREATE INDEX "products_id_idx" ON "products" USING btree ("id","price_paise","featured","archived");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price_paise","id","featured","archived");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id","price_paise","featured","archived");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_paise","id","featured","archived");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id","price_paise","featured","archived");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating","id","price_paise","featured","archived");--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("featured","id","price_paise","archived");