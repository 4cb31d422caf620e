CREATE INDEX "addresses_phone_digits_trgm_idx" ON "addresses" USING gin ((regexp_replace("phone", '\D', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_ship_name_trgm_idx" ON "orders" USING gin (("shipping_address"->>'fullName') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_digits_trgm_idx" ON "orders" USING gin ((regexp_replace("shipping_address"->>'phone', '\D', '', 'g')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);