ALTER TABLE "field_ratings" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "gear_ratings" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "field_ratings_uncounted_idx" ON "field_ratings" USING btree ("user_id") WHERE NOT "field_ratings"."counted";--> statement-breakpoint
CREATE INDEX "gear_ratings_uncounted_idx" ON "gear_ratings" USING btree ("user_id") WHERE NOT "gear_ratings"."counted";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "gear_ratings_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m float8;
  c float8;
BEGIN
  -- A rating kept but not counted (a new account's, issue 24) moves nothing until it counts: its
  -- UPDATE to counted = true adds it as an insert would; deleting it takes away only what it added.
  IF TG_OP = 'DELETE' AND NOT OLD."counted" THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' AND NOT NEW."counted" THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND (OLD."counted" OR NOT NEW."counted") THEN RETURN NULL; END IF;
  -- The item first, then the stats row: every writer locks in this order (decision 015).
  SELECT "prior", "ranked_mean" INTO m, c FROM "gear_rating_stats" WHERE "id" = 1;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "gear_posts" SET
      "total_ratings" = "total_ratings" + 1,
      "rating_sum" = "rating_sum" + NEW."rating",
      "average_rating" = ("rating_sum" + NEW."rating")::float8 / ("total_ratings" + 1),
      "weighted_rating" = ("rating_sum" + NEW."rating" + m * c) / ("total_ratings" + 1 + m)
      WHERE "id" = NEW."gear_post_id";
    UPDATE "gear_rating_stats" SET
      "ratings_count" = "ratings_count" + 1,
      "ratings_sum" = "ratings_sum" + NEW."rating"
      WHERE "id" = 1;
  ELSE
    UPDATE "gear_posts" SET
      "total_ratings" = "total_ratings" - 1,
      "rating_sum" = "rating_sum" - OLD."rating",
      "average_rating" = CASE WHEN "total_ratings" > 1
        THEN ("rating_sum" - OLD."rating")::float8 / ("total_ratings" - 1) ELSE 0 END,
      "weighted_rating" = CASE WHEN "total_ratings" > 1
        THEN ("rating_sum" - OLD."rating" + m * c) / ("total_ratings" - 1 + m) ELSE 0 END
      WHERE "id" = OLD."gear_post_id";
    UPDATE "gear_rating_stats" SET
      "ratings_count" = "ratings_count" - 1,
      "ratings_sum" = "ratings_sum" - OLD."rating"
      WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "gear_ratings_counted" AFTER UPDATE OF "counted" ON "gear_ratings"
  FOR EACH ROW WHEN (NOT OLD."counted" AND NEW."counted") EXECUTE FUNCTION "gear_ratings_count"();
