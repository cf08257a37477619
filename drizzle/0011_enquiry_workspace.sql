CREATE TABLE "enquiry_assignment_turn" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_owner_id" uuid
);
--> statement-breakpoint
CREATE TABLE "enquiry_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"text" text,
	"from_value" text,
	"to_value" text,
	"subject" text,
	"mail_from" text,
	"message_id" text,
	"outgoing" jsonb,
	"attachments" jsonb,
	CONSTRAINT "enquiry_events_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "enquiry_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"language" text,
	"project_id" uuid,
	"owner_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_stages" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "enquiry_event_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "value" integer;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "follow_up_sent_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "follow_up_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "follow_up_lease_token" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "phone_e164" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "reply_token" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiry_attachments" ADD CONSTRAINT "enquiry_attachments_event_id_enquiry_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."enquiry_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD CONSTRAINT "enquiry_events_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD CONSTRAINT "enquiry_events_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_rules" ADD CONSTRAINT "enquiry_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_rules" ADD CONSTRAINT "enquiry_rules_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_events_enquiry" ON "enquiry_events" USING btree ("enquiry_id","at");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_enquiry_event_id_enquiry_events_id_fk" FOREIGN KEY ("enquiry_event_id") REFERENCES "public"."enquiry_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_contact" ON "enquiries" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "enquiries_owner_stage" ON "enquiries" USING btree ("owner_id","stage");--> statement-breakpoint
CREATE INDEX "enquiries_follow_up" ON "enquiries" USING btree ("follow_up_at");--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_reply_token_unique" UNIQUE("reply_token");