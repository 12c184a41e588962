import { asc, eq, sql } from 'drizzle-orm';
import { type AttendeesAnswer, type AttendeesQuery, attendeesQuery, EVENT_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { eventSides, events } from '../../db/schema';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { type AttendeeRow, presentAttendee } from './presenters';

/**
 * GET /api/events/{id}/attendees (issue 26): who is going. Registered players only (the waitlist
 * is not going). A private registration is counted and listed to the player themself only; the
 * organisers see everyone on the roster. Signed-out visitors get the counts, no names. Three
 * statements whatever the number of players: the event and its sides, the counts per side, and
 * the page of players (each side's first `limit`, by a window over the event's registrations).
 */
export async function listAttendees(
  db: Db,
  viewer: SessionUser | null,
  eventId: string,
  input: AttendeesQuery = {},
): Promise<AttendeesAnswer> {
  const { limit } = attendeesQuery.parse(input);
  const [e] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!e) throw notFound(EVENT_TEXTS.eventNotFound);
  const sides = await db
    .select({ id: eventSides.id, name: eventSides.name, colour: eventSides.colour })
    .from(eventSides)
    .where(eq(eventSides.eventId, eventId))
    .orderBy(asc(eventSides.position));
  const counts = await rows<{ sideId: string | null; n: number }>(
    db,
    sql`SELECT side_id AS "sideId", count(*)::int AS n FROM event_registrations
        WHERE event_id = ${eventId}::uuid AND status = 'registered' GROUP BY side_id`,
  );
  const count = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const answerSides = sides.map((s) => ({
    ...s,
    count: Number(counts.find((c) => c.sideId === s.id)?.n ?? 0),
  }));
  if (!viewer) return { count, sides: answerSides, players: [], namesHidden: true };
  const me = sql`${viewer.id}::uuid`;
  const list = await rows<AttendeeRow & { n: number }>(
    db,
    sql`WITH going AS (
          SELECT r.user_id, r.side_id, r.private, r.seq,
                 EXISTS (SELECT 1 FROM team_members a JOIN team_members b ON b.team_id = a.team_id
                         WHERE a.user_id = r.user_id AND b.user_id = ${me}) AS teammate,
                 EXISTS (SELECT 1 FROM follows f
                         WHERE f.follower_id = ${me} AND f.following_id = r.user_id) AS following
          FROM event_registrations r
          WHERE r.event_id = ${eventId}::uuid AND r.status = 'registered'
            AND (NOT r.private OR r.user_id = ${me})
        ),
        numbered AS (
          SELECT going.*, row_number() OVER (
            PARTITION BY side_id
            ORDER BY (user_id = ${me}) DESC, (teammate OR following) DESC, seq
          ) AS n
          FROM going
        )
        SELECT u.id, u.username, u.avatar, numbered.side_id AS "sideId", numbered.private,
               numbered.teammate, numbered.following, numbered.n
        FROM numbered JOIN users u ON u.id = numbered.user_id
        WHERE numbered.n <= ${limit}
        ORDER BY numbered.side_id NULLS FIRST, numbered.n`,
  );
  return {
    count,
    sides: answerSides,
    players: list.map((r) => presentAttendee(r, viewer)),
    namesHidden: false,
  };
}
