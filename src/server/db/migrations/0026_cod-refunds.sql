ALTER TABLE "return_requests" ADD COLUMN "refund_method" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_reference" text;