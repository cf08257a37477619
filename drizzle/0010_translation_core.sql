CREATE TABLE "glossary_terms" (
	"source_language" text NOT NULL,
	"target_language" text NOT NULL,
	"source" text NOT NULL,
	"target" text,
	CONSTRAINT "glossary_terms_source_language_target_language_source_pk" PRIMARY KEY("source_language","target_language","source")
);
--> statement-breakpoint
CREATE TABLE "machine_fills" (
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"language" text NOT NULL,
	"field" text NOT NULL,
	"text" text NOT NULL,
	"provider" text NOT NULL,
	"filled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_fills_kind_record_id_language_field_pk" PRIMARY KEY("kind","record_id","language","field")
);
--> statement-breakpoint
CREATE TABLE "machine_usage" (
	"provider" text NOT NULL,
	"month" text NOT NULL,
	"characters" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "machine_usage_provider_month_pk" PRIMARY KEY("provider","month")
);
--> statement-breakpoint
CREATE TABLE "translation_memory" (
	"source_language" text NOT NULL,
	"target_language" text NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"origin" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_memory_source_language_target_language_source_pk" PRIMARY KEY("source_language","target_language","source")
);
