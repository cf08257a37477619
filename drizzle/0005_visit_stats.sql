CREATE TABLE "visit_languages" (
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"language" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "visit_languages_grain_period_language_pk" PRIMARY KEY("grain","period","language")
);
--> statement-breakpoint
CREATE TABLE "visit_pages" (
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"path" text NOT NULL,
	"language" text NOT NULL,
	"project" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "visit_pages_grain_period_path_language_project_pk" PRIMARY KEY("grain","period","path","language","project")
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
