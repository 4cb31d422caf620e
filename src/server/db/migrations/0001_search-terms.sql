CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"doc_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);