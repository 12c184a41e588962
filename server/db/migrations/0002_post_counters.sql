ALTER TABLE "posts" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "posts" p SET
  "likes_count" = (SELECT count(*) FROM "post_likes" l WHERE l."post_id" = p."id"),
  "comments_count" = (SELECT count(*) FROM "comments" c WHERE c."post_id" = p."id");--> statement-breakpoint
CREATE FUNCTION "post_likes_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "posts" SET "likes_count" = "likes_count" + 1 WHERE "id" = NEW."post_id";
  ELSE
    UPDATE "posts" SET "likes_count" = "likes_count" - 1 WHERE "id" = OLD."post_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "post_likes_count" AFTER INSERT OR DELETE ON "post_likes"
  FOR EACH ROW EXECUTE FUNCTION "post_likes_count"();--> statement-breakpoint
CREATE FUNCTION "post_comments_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "posts" SET "comments_count" = "comments_count" + 1 WHERE "id" = NEW."post_id";
  ELSE
    UPDATE "posts" SET "comments_count" = "comments_count" - 1 WHERE "id" = OLD."post_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "post_comments_count" AFTER INSERT OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION "post_comments_count"();
