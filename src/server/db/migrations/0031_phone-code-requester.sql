ALTER TABLE "phone_codes" ADD COLUMN "requested_by" text;--> statement-breakpoint
CREATE INDEX "phone_codes_requested_by_idx" ON "phone_codes" USING btree ("requested_by","created_at");