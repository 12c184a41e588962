CREATE TABLE "calendar_tokens" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "event_promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"promoted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "status" text DEFAULT 'registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "promoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "end_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rules" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "source_uid" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "source_sequence" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "source_modified" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "source_hash" text;--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD CONSTRAINT "calendar_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_promotions" ADD CONSTRAINT "event_promotions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_promotions" ADD CONSTRAINT "event_promotions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_promotions_user_idx" ON "event_promotions" USING btree ("user_id","promoted_at");--> statement-breakpoint
CREATE INDEX "event_promotions_pending_idx" ON "event_promotions" USING btree ("promoted_at") WHERE "event_promotions"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "event_registrations_event_status_seq_idx" ON "event_registrations" USING btree ("event_id","status","seq");--> statement-breakpoint
CREATE INDEX "events_lat_lng_idx" ON "events" USING btree ("lat","lng") WHERE "events"."lat" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "events_source_uid_uq" ON "events" USING btree ("source","source_uid");--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_status_check" CHECK ("status" IN ('registered', 'waitlisted'));--> statement-breakpoint
-- Counters start from the rows already there (every earlier registration is a registered one).
UPDATE "events" e SET "registered_count" = (SELECT count(*) FROM "event_registrations" r WHERE r."event_id" = e."id" AND r."status" = 'registered');
