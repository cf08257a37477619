ALTER TABLE "enquiries" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "project_slug" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "project_title" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "project_language" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "page_url" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "gclid" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "fbclid" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_project" ON "enquiries" USING btree ("project_slug");