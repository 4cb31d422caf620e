ALTER TABLE "products" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (strip(to_tsvector('simple', name))) STORED;--> statement-breakpoint
ALTER TABLE "search_terms" ADD COLUMN "name_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_vector_idx" ON "products" USING gin ("name_vector");--> statement-breakpoint
CREATE INDEX "products_name_words_idx" ON "products" USING btree ("name_vector");--> statement-breakpoint
-- The vocabulary's count of products whose name holds each word (see search-index.ts).
UPDATE "search_terms" SET "name_count" = named.ndoc
FROM ts_stat('SELECT name_vector FROM products WHERE NOT archived') AS named
WHERE "search_terms"."term" = named.word;--> statement-breakpoint
-- The planner chooses between the listing index and the new GIN index by these statistics.
ANALYZE "products";
