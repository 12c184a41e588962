-- Issue 23: unread entries deleted with what they report (a post, a comment, a player: ON DELETE
-- CASCADE) change their recipients' unread counts; each recipient is announced on the
-- 'notifications' channel at commit, as notify() and a read announce theirs, so that open streams
-- and the unread counts kept in each process (notifications/unread-cache.ts) hear of it.
CREATE OR REPLACE FUNCTION notifications_deleted_announce() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', r.recipient_id::text)
  FROM (SELECT DISTINCT recipient_id FROM gone WHERE read_at IS NULL) r;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_deleted_announce ON notifications;
--> statement-breakpoint
CREATE TRIGGER notifications_deleted_announce
AFTER DELETE ON notifications
REFERENCING OLD TABLE AS gone
FOR EACH STATEMENT EXECUTE FUNCTION notifications_deleted_announce();
