ALTER TABLE "posts" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_check_ins_user_idx" ON "event_check_ins" USING btree ("user_id","checked_in_at" DESC NULLS FIRST,"event_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_event_idx" ON "posts" USING btree ("event_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."event_id" IS NOT NULL;