DROP INDEX "page_views_occurred_idx";--> statement-breakpoint
CREATE INDEX "page_views_occurred_path_idx" ON "page_views" USING btree ("occurred_at","path");--> statement-breakpoint
CREATE INDEX "users_joined_idx" ON "users" USING btree ("joined_at");