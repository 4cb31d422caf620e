CREATE TABLE "delivery_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"window_minutes" integer NOT NULL,
	"fee_paise" integer DEFAULT 0 NOT NULL,
	"cutoff_minutes" integer DEFAULT 0 NOT NULL,
	"zones" text[] DEFAULT '{}'::text[] NOT NULL,
	"pincodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"weekdays" integer[] DEFAULT '{0,1,2,3,4,5,6}'::integer[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_slots_window_fits" CHECK ("delivery_slots"."window_minutes" > 0 and "delivery_slots"."start_minute" >= 0 and "delivery_slots"."start_minute" + "delivery_slots"."window_minutes" <= "delivery_slots"."end_minute" and "delivery_slots"."end_minute" <= 1440),
	CONSTRAINT "delivery_slots_fee_not_negative" CHECK ("delivery_slots"."fee_paise" >= 0 and "delivery_slots"."cutoff_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window_start" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window_end" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_slot_id_delivery_slots_id_fk" FOREIGN KEY ("delivery_slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE set null ON UPDATE no action;