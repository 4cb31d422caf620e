CREATE TABLE "dispatch_job_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dispatch_job_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatch_job_parts" (
	"job_id" uuid NOT NULL,
	"first_position" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	CONSTRAINT "dispatch_job_parts_job_id_first_position_pk" PRIMARY KEY("job_id","first_position")
);
--> statement-breakpoint
CREATE TABLE "dispatch_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"created_by" integer,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "rule" jsonb;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispatch_job_orders" ADD CONSTRAINT "dispatch_job_orders_job_id_dispatch_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."dispatch_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_job_orders" ADD CONSTRAINT "dispatch_job_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_job_parts" ADD CONSTRAINT "dispatch_job_parts_job_id_dispatch_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."dispatch_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_jobs" ADD CONSTRAINT "dispatch_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_job_orders_job_order_idx" ON "dispatch_job_orders" USING btree ("job_id","order_id");--> statement-breakpoint
CREATE INDEX "dispatch_job_orders_due_idx" ON "dispatch_job_orders" USING btree ("state","lease_until");--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_job_orders_one_booking_idx" ON "dispatch_job_orders" USING btree ("order_id") WHERE kind = 'book' and state in ('waiting', 'working');--> statement-breakpoint
CREATE INDEX "orders_delivery_idx" ON "orders" USING btree ("delivery_date","delivery_slot");