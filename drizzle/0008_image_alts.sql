ALTER TABLE "projects" ADD COLUMN "image_alts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "image_alts" jsonb DEFAULT '{}'::jsonb NOT NULL;