CREATE TABLE "field_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_ratings_rating_check" CHECK ("field_ratings"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "rules" jsonb;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "field_id" uuid;--> statement-breakpoint
ALTER TABLE "field_ratings" ADD CONSTRAINT "field_ratings_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_ratings" ADD CONSTRAINT "field_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "field_ratings_pair_uq" ON "field_ratings" USING btree ("field_id","user_id");--> statement-breakpoint
CREATE INDEX "field_ratings_user_idx" ON "field_ratings" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fields_name_idx" ON "fields" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "fields_type_name_idx" ON "fields" USING btree ("type","name","id");--> statement-breakpoint
CREATE INDEX "fields_near_idx" ON "fields" USING btree ("lat","lng","id") WHERE "fields"."lat" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fields_rated_idx" ON "fields" USING btree ("id") WHERE "fields"."rating_count" > 0;--> statement-breakpoint
CREATE INDEX "events_field_date_idx" ON "events" USING btree ("field_id","date") WHERE "events"."field_id" IS NOT NULL;