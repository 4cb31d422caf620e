CREATE TABLE "checkout_carts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"lines" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_reminders" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_carts" ADD CONSTRAINT "checkout_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_carts_started_idx" ON "checkout_carts" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_cart_check" CHECK ("cart_reminders"."order_id" is not null or "cart_reminders"."lines" is not null);