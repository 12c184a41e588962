-- Issue 23: each process keeps players' first pages of the list (notifications/unread-cache.ts,
-- PlayerPages) until their entries change, as announced on the 'notifications' channel. A page
-- shows read entries too, so an entry deleted with what it reports announces its recipient whether
-- it was read or not (0030 announced unread ones only: the count was all that was kept), and an
-- entry whose team or event is deleted (ON DELETE SET NULL: it then says the subject is gone)
-- announces its recipient. pg_notify folds the same recipient announced twice in one transaction.
CREATE OR REPLACE FUNCTION notifications_deleted_announce() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', r.recipient_id::text)
  FROM (SELECT DISTINCT recipient_id FROM gone) r;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notifications_subject_gone_announce() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', NEW.recipient_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_subject_gone_announce ON notifications;
--> statement-breakpoint
CREATE TRIGGER notifications_subject_gone_announce
AFTER UPDATE OF team_id, event_id ON notifications
FOR EACH ROW
WHEN ((OLD.team_id IS NOT NULL AND NEW.team_id IS NULL) OR (OLD.event_id IS NOT NULL AND NEW.event_id IS NULL))
EXECUTE FUNCTION notifications_subject_gone_announce();
