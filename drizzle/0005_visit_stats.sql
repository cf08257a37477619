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