CREATE TABLE "event_sides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"registered_count" integer DEFAULT 0 NOT NULL,
	"waitlist_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_squad_members" (
	"squad_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "event_squad_members_squad_id_user_id_pk" PRIMARY KEY("squad_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_squads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"side_id" uuid,
	"created_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "side_id" uuid;--> statement-breakpoint
ALTER TABLE "event_sides" ADD CONSTRAINT "event_sides_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_squad_members" ADD CONSTRAINT "event_squad_members_squad_id_event_squads_id_fk" FOREIGN KEY ("squad_id") REFERENCES "public"."event_squads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_squad_members" ADD CONSTRAINT "event_squad_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_squads" ADD CONSTRAINT "event_squads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_squads" ADD CONSTRAINT "event_squads_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_squads" ADD CONSTRAINT "event_squads_side_id_event_sides_id_fk" FOREIGN KEY ("side_id") REFERENCES "public"."event_sides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_squads" ADD CONSTRAINT "event_squads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_sides_event_idx" ON "event_sides" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "event_squad_members_user_idx" ON "event_squad_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_squads_event_idx" ON "event_squads" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_side_id_event_sides_id_fk" FOREIGN KEY ("side_id") REFERENCES "public"."event_sides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_registrations_side_status_seq_idx" ON "event_registrations" USING btree ("side_id","status","seq") WHERE "event_registrations"."side_id" IS NOT NULL;