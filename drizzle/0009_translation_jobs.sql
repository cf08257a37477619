CREATE TABLE "translation_job_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"field" text NOT NULL,
	"segment" integer NOT NULL,
	"unit_id" text NOT NULL,
	"source" text NOT NULL,
	"source_hash" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"target" text,
	"error" text,
	"lease_until" timestamp with time zone,
	"lease_token" uuid,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "translation_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"source_language" text NOT NULL,
	"scope" text NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"message" text,
	"created_by" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"resume_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "translation_job_items" ADD CONSTRAINT "translation_job_items_job_id_translation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."translation_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_jobs" ADD CONSTRAINT "translation_jobs_language_languages_code_fk" FOREIGN KEY ("language") REFERENCES "public"."languages"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "translation_job_items_unit" ON "translation_job_items" USING btree ("job_id","unit_id");--> statement-breakpoint
CREATE INDEX "translation_job_items_record" ON "translation_job_items" USING btree ("job_id","kind","record_id");--> statement-breakpoint
CREATE INDEX "translation_job_items_pending" ON "translation_job_items" USING btree ("job_id","state");--> statement-breakpoint
CREATE INDEX "translation_jobs_newest" ON "translation_jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);