-- team_accounts
CREATE TABLE "admin_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"can_publish" boolean DEFAULT false NOT NULL,
	"token_hash" text NOT NULL,
	"sealed_token" text,
	"invited_by" uuid,
	"invited_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"admin_id" uuid,
	CONSTRAINT "admin_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "enquiry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "can_publish" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "invitation_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_invited_by_admins_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_invitations_pending" ON "admin_invitations" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_invitation_id_admin_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."admin_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The audit log is append-only (decision 089): a row is never updated, and deleted only by the
-- retention prune, which says so for its own transaction (SET LOCAL app.audit_prune = 'on').
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('app.audit_prune', true) = 'on' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'The audit log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- publishing
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
--> statement-breakpoint
-- visit_stats
CREATE TABLE "visit_languages" (
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"language" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "visit_languages_grain_period_language_pk" PRIMARY KEY("grain","period","language")
);
--> statement-breakpoint
CREATE TABLE "visit_page_names" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_page_names_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"path" text NOT NULL,
	"language" text NOT NULL,
	"project" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_pages" (
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"page" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "visit_pages_grain_period_page_pk" PRIMARY KEY("grain","period","page")
);
--> statement-breakpoint
CREATE TABLE "visit_sources" (
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "visit_sources_grain_period_source_medium_campaign_pk" PRIMARY KEY("grain","period","source","medium","campaign")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "visit_page_names_page" ON "visit_page_names" USING btree ("path","language","project");
--> statement-breakpoint
-- seo
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
