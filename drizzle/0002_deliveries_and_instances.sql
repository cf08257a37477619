CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_token" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "enquiries_outbox";--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "avif_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_enquiry_channel" ON "deliveries" USING btree ("enquiry_id","channel");--> statement-breakpoint
CREATE INDEX "deliveries_due" ON "deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- Hand-added (not generated): carry each enquiry's mail delivery state over before its columns go.
INSERT INTO "deliveries" ("id", "enquiry_id", "channel", "status", "attempts", "next_attempt_at", "last_error", "delivered_at", "created_at")
SELECT gen_random_uuid(), "id", 'mail', "delivery_status", "delivery_attempts", "next_attempt_at", "last_error", "delivered_at", "created_at" FROM "enquiries";--> statement-breakpoint
ALTER TABLE "enquiries" DROP COLUMN "delivery_status";--> statement-breakpoint
ALTER TABLE "enquiries" DROP COLUMN "delivery_attempts";--> statement-breakpoint
ALTER TABLE "enquiries" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "enquiries" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "enquiries" DROP COLUMN "delivered_at";