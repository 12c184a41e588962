CREATE TABLE "gear_rating_progress" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"top_created_at" timestamp with time zone NOT NULL,
	"top_id" uuid NOT NULL,
	"bottom_created_at" timestamp with time zone NOT NULL,
	"bottom_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gear_rating_progress" ADD CONSTRAINT "gear_rating_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gear_rating_progress_top_idx" ON "gear_rating_progress" USING btree ("top_created_at","top_id");--> statement-breakpoint
-- gear_rating_progress (decision 017): every gear post between a player's bottom and top, both
-- included, is rated by the player or is theirs. A post of someone else's that appears (or moves)
-- inside a block, and a rating that goes while its post stays, end that block; the player's next
-- rating starts a new one. Both take the rated-block lock shared (727274014), which a rating's
-- extension takes exclusively, so no post can appear unseen inside a range being walked.
CREATE FUNCTION "gear_rating_progress_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727274014);
  DELETE FROM "gear_rating_progress" p
    WHERE (p."top_created_at", p."top_id") >= (NEW."created_at", NEW."id")
      AND (p."bottom_created_at", p."bottom_id") <= (NEW."created_at", NEW."id")
      AND p."user_id" <> NEW."user_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "gear_rating_progress_post" AFTER INSERT OR UPDATE OF "created_at", "user_id" ON "gear_posts"
  FOR EACH ROW EXECUTE FUNCTION "gear_rating_progress_post"();--> statement-breakpoint
-- Named to fire after gear_ratings_count (triggers fire by name): the item and the stats row are
-- locked before the rated-block lock, in the order a rating takes them.
CREATE FUNCTION "gear_rating_progress_unrated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727274014);
  DELETE FROM "gear_rating_progress" p USING "gear_posts" g
    WHERE p."user_id" = OLD."user_id" AND g."id" = OLD."gear_post_id" AND g."user_id" <> OLD."user_id"
      AND (g."created_at", g."id") BETWEEN (p."bottom_created_at", p."bottom_id") AND (p."top_created_at", p."top_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "gear_ratings_progress" AFTER DELETE ON "gear_ratings"
  FOR EACH ROW EXECUTE FUNCTION "gear_rating_progress_unrated"();
