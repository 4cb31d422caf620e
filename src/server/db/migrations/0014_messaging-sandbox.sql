CREATE TABLE "sandbox_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"text" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_messages_provider_message_id_unique" UNIQUE("provider_message_id")
);
--> statement-breakpoint
CREATE INDEX "sandbox_messages_created_idx" ON "sandbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_messages_unreported_idx" ON "sandbox_messages" USING btree ("reported_at");