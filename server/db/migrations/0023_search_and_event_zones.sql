ALTER TABLE "events" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
CREATE INDEX "stores_search_trgm_idx" ON "stores" USING gin (lower("name" || ' ' || "region") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "news_title_trgm_idx" ON "news" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tutorials_title_trgm_idx" ON "tutorials" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fields_name_trgm_idx" ON "fields" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gear_posts_search_trgm_idx" ON "gear_posts" USING gin (lower("title" || ' ' || "category") gin_trgm_ops);