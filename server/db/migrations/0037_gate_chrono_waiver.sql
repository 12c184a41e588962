ALTER TABLE "waiver_signatures" ADD COLUMN "witnessed_by" uuid;--> statement-breakpoint
ALTER TABLE "event_chrono_results" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_witnessed_by_users_id_fk" FOREIGN KEY ("witnessed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_chrono_results_device_reading_uq" ON "event_chrono_results" USING btree ("event_id","user_id","device_id","measured_at");