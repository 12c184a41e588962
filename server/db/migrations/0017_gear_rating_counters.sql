INSERT INTO "gear_rating_stats" ("id", "ratings_count", "ratings_sum")
  SELECT 1, count(*), coalesce(sum("rating"), 0) FROM "gear_ratings";--> statement-breakpoint
UPDATE "gear_rating_stats" SET "ranked_mean" =
  CASE WHEN "ratings_count" > 0 THEN "ratings_sum"::float8 / "ratings_count" ELSE 0 END;--> statement-breakpoint
UPDATE "gear_posts" g SET
  "total_ratings" = coalesce(r."n", 0),
  "rating_sum" = coalesce(r."s", 0),
  "average_rating" = CASE WHEN r."n" > 0 THEN r."s"::float8 / r."n" ELSE 0 END
  FROM "gear_posts" g2 LEFT JOIN (
    SELECT "gear_post_id", count(*)::int AS "n", sum("rating")::int AS "s" FROM "gear_ratings" GROUP BY 1
  ) r ON r."gear_post_id" = g2."id"
  WHERE g."id" = g2."id";--> statement-breakpoint
UPDATE "gear_posts" SET "weighted_rating" = ("rating_sum" + s."prior" * s."ranked_mean") / ("total_ratings" + s."prior")
  FROM "gear_rating_stats" s WHERE s."id" = 1 AND "total_ratings" > 0;--> statement-breakpoint
CREATE FUNCTION "gear_ratings_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m float8;
  c float8;
BEGIN
  -- The item first, then the stats row: every writer locks in this order (decision 015).
  SELECT "prior", "ranked_mean" INTO m, c FROM "gear_rating_stats" WHERE "id" = 1;
  IF TG_OP = 'INSERT' THEN
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
CREATE TRIGGER "gear_ratings_count" AFTER INSERT OR DELETE ON "gear_ratings"
  FOR EACH ROW EXECUTE FUNCTION "gear_ratings_count"();
