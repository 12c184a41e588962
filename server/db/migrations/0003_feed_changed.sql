CREATE FUNCTION "notify_feed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('feed_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_feed_changed" AFTER INSERT OR UPDATE OR DELETE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "post_likes_feed_changed" AFTER INSERT OR DELETE ON "post_likes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "comments_feed_changed" AFTER INSERT OR DELETE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "users_feed_changed" AFTER UPDATE OF "username", "avatar" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
