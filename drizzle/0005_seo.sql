CREATE TABLE "indexnow_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"urls" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_token" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text,
	"status" integer DEFAULT 301 NOT NULL,
	"source" text DEFAULT 'admin' NOT NULL,
	"record_kind" text,
	"record_id" uuid,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_from_path_unique" UNIQUE("from_path")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "indexnow_submissions_due" ON "indexnow_submissions" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "redirects_to" ON "redirects" USING btree ("to_path");--> statement-breakpoint
CREATE INDEX "redirects_record" ON "redirects" USING btree ("record_kind","record_id");