ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "channel_title" text;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "channel_id" text;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "view_count" bigint;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "youtube_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "news_category_idx" ON "news" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tutorials_youtube_fetched_idx" ON "tutorials" USING btree ("youtube_fetched_at" NULLS FIRST);