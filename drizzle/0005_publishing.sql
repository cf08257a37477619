CREATE TABLE "content_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"language" text NOT NULL,
	"number" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"changed_by" text NOT NULL,
	"fields" jsonb NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preview_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_token" uuid,
	"last_error" text,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "publish_state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "schedule_error" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "source_fingerprint" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "source_text" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "trashed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "trashed_by" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "publish_state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "schedule_error" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "source_fingerprint" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "source_text" jsonb;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "trashed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "trashed_by" text;--> statement-breakpoint
ALTER TABLE "translation_pages" ADD COLUMN "publishing" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "translation_pages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "content_versions_record" ON "content_versions" USING btree ("kind","record_id","language","number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_versions_created" ON "content_versions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "preview_links_record" ON "preview_links" USING btree ("kind","record_id","language");--> statement-breakpoint
CREATE INDEX "preview_links_expires" ON "preview_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "publish_schedules_due" ON "publish_schedules" USING btree ("run_at") WHERE "publish_schedules"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "publish_schedules_record" ON "publish_schedules" USING btree ("kind","record_id","language");--> statement-breakpoint
CREATE INDEX "projects_public_originals_newest" ON "projects" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "projects"."parent_id" is null and "projects"."publish_state" = 'published' and "projects"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "projects_trashed" ON "projects" USING btree ("trashed_at") WHERE "projects"."trashed_at" is not null;--> statement-breakpoint
CREATE INDEX "reviews_public_originals_newest" ON "reviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."parent_id" is null and "reviews"."publish_state" = 'published' and "reviews"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_trashed" ON "reviews" USING btree ("trashed_at") WHERE "reviews"."trashed_at" is not null;--> statement-breakpoint
-- Existing content stays published (the column default) and was last changed when it was last updated.
UPDATE "projects" SET "changed_at" = "updated_at";--> statement-breakpoint
UPDATE "reviews" SET "changed_at" = "updated_at";--> statement-breakpoint
-- Existing translations follow their original as it is now (needsUpdate starts clear).
UPDATE "projects" AS t SET "source_text" = jsonb_build_object(
	'title', o."title", 'description', o."description", 'status', o."status", 'space', o."space",
	'galleryTitle1', o."gallery_title1", 'galleryDesc1', o."gallery_desc1",
	'galleryTitle2', o."gallery_title2", 'galleryDesc2', o."gallery_desc2",
	'brandDirection', o."brand_direction",
	'amenities', coalesce((SELECT string_agg(a.item->>'title', E'\n' ORDER BY a.n) FROM jsonb_array_elements(o."amenities") WITH ORDINALITY AS a(item, n)), ''))
FROM "projects" AS o WHERE t."parent_id" = o."id";--> statement-breakpoint
UPDATE "reviews" AS t SET "source_text" = jsonb_build_object('title', o."title", 'description', o."description")
FROM "reviews" AS o WHERE t."parent_id" = o."id";
