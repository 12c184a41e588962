import { sql } from 'drizzle-orm';
import { NOTIFICATION_DEFAULTS } from '../../../contract/notifications';
import { rows } from '../../db/rows';
import type { Db } from '../../db/types';
import { type NotifyOptions, notify } from './notify';

/** How long before an event its registered players are reminded of it. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

export const reminderKey = (eventId: string) => `reminder:${eventId}`;

interface DueEvent {
  id: string;
  title: string;
  starts_at: string;
  location: string;
  recipients: string[];
}

/**
 * The reminder a day before a game (issue 23): every player registered (not waitlisted) for an
 * event that starts within REMINDER_BEFORE_MS of `now` and has not started gets one
 * 'event-reminder' entry with the event's title, start and place. Once per player and event, ever,
 * whatever the number of runs and processes: the entry's dedupe key `reminder:<eventId>` is
 * unique per recipient, and a run finds only the players without it (and who did not turn
 * reminders off). One query for what is due, then notify()'s one statement per event. Answers
 * the entries written.
 */
export async function remindEvents(db: Db, options: NotifyOptions, now = new Date()): Promise<number> {
  const until = new Date(now.getTime() + REMINDER_BEFORE_MS);
  const due = await rows<DueEvent>(
    db,
    sql`
    SELECT e.id, e.title, e.date AS starts_at, e.location, array_agg(r.user_id::text) AS recipients
    FROM events e
    JOIN event_registrations r ON r.event_id = e.id AND r.status = 'registered'
    LEFT JOIN notification_settings s ON s.user_id = r.user_id
    WHERE e.date > ${now.toISOString()}::timestamptz AND e.date <= ${until.toISOString()}::timestamptz
      AND coalesce(s.channels ->> 'event-reminder', ${NOTIFICATION_DEFAULTS['event-reminder']}) <> 'off'
      AND NOT EXISTS (
        SELECT 1 FROM notifications n
        WHERE n.recipient_id = r.user_id AND n.dedupe_key = 'reminder:' || e.id::text
      )
    GROUP BY e.id
    ORDER BY e.date`,
  );
  let written = 0;
  for (const e of due) {
    written += await notify(
      db,
      {
        recipientIds: e.recipients,
        kind: 'event-reminder',
        dedupeKey: reminderKey(e.id),
        eventId: e.id,
        data: { title: e.title, startsAt: new Date(e.starts_at).toISOString(), location: e.location },
      },
      options,
    );
  }
  return written;
}
