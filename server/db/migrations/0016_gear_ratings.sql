CREATE TABLE "gear_rating_stats" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"ratings_count" bigint DEFAULT 0 NOT NULL,
	"ratings_sum" bigint DEFAULT 0 NOT NULL,
	"ranked_mean" double precision DEFAULT 0 NOT NULL,
	"prior" double precision DEFAULT 3 NOT NULL,
	CONSTRAINT "gear_rating_stats_one_row" CHECK ("gear_rating_stats"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "gear_posts_top_idx";--> statement-breakpoint
DROP INDEX "gear_posts_user_idx";--> statement-breakpoint
ALTER TABLE "gear_posts" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gear_posts" ADD COLUMN "weighted_rating" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "gear_posts_weighted_idx" ON "gear_posts" USING btree ("weighted_rating" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "gear_posts"."total_ratings" > 0;--> statement-breakpoint
CREATE INDEX "gear_posts_category_weighted_idx" ON "gear_posts" USING btree ("category","weighted_rating" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "gear_posts"."total_ratings" > 0;--> statement-breakpoint
CREATE INDEX "gear_posts_user_created_idx" ON "gear_posts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "gear_ratings" ADD CONSTRAINT "gear_ratings_rating_check" CHECK ("gear_ratings"."rating" BETWEEN 1 AND 5);