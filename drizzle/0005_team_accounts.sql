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
