import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  EVENT_TEXTS,
  type EventPhoto,
  type EventPhotosAnswer,
  PAGE_MAX_LIMIT,
  type PlayerGamesAnswer,
  POST_EVENT_WINDOW,
  type PostEventChoice,
  PROFILE_TEXTS,
} from '../../../contract';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/rows';
import { eventCheckIns, eventRegistrations, eventSides, events, fields, users } from '../../db/schema';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { galleryOpen } from './policy';

/**
 * After the game (issue 26): an event's photos (the images of the posts tagged with it), a
 * player's record of games played (the events they were checked in at), and the events the post
 * composer offers. Each answer costs a constant number of queries, each served by an index
 * (posts_event_idx, event_check_ins_user_idx, event_registrations_user_idx, events_date_idx).
 */

interface PhotoRow {
  postId: string;
  createdAt: Date | string;
  image: string;
  n: number;
  userId: string;
  username: string;
  avatar: string | null;
}

/**
 * A page of an event's photos, newest post first and each post's images in their order. The
 * posts come off posts_event_idx (one more than the page, so that the cursor's own post, whose
 * images may all be shown already, never leaves the page short), then their images are unnested.
 * The posts shown are those the feed shows, under the same rules: a post deleted (by its author
 * or by a moderator) is gone, and the feed has no other filter (no hidden posts or blocks exist).
 */
function photosSql(eventId: string, limit: number, before?: { postId: string; n: number }) {
  const n = Math.min(Math.max(1, Math.trunc(limit)), PAGE_MAX_LIMIT);
  const cursorPosts = before
    ? sql`AND (p.created_at, p.id) <= (SELECT b.created_at, b.id FROM posts b WHERE b.id = ${before.postId} AND b.event_id = ${eventId})`
    : sql``;
  const cursorImages = before ? sql`WHERE p.id <> ${before.postId} OR i.n > ${before.n}` : sql``;
  return sql`SELECT p.id AS "postId", p.created_at AS "createdAt", i.image, i.n::int AS n,
      u.id AS "userId", u.username, u.avatar
    FROM (SELECT p.id, p.user_id, p.created_at, p.images FROM posts p
          WHERE p.event_id = ${eventId} AND cardinality(p.images) > 0 ${cursorPosts}
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ${n + 1}) p
    CROSS JOIN LATERAL unnest(p.images) WITH ORDINALITY AS i(image, n)
    JOIN users u ON u.id = p.user_id
    ${cursorImages}
    ORDER BY p.created_at DESC, p.id DESC, i.n
    LIMIT ${n}`;
}

const presentPhoto = (r: PhotoRow): EventPhoto => ({
  id: `${r.postId}:${r.n}`,
  postId: r.postId,
  image: r.image,
  user: { id: r.userId, username: r.username, avatar: r.avatar },
  createdAt: iso(r.createdAt),
});

/** GET /api/events/{id}/photos: 404 for an unknown event; before its start, closed and empty. */
export async function eventPhotos(
  db: Db,
  eventId: string,
  opts: { limit: number; before?: string },
): Promise<EventPhotosAnswer> {
  const [event] = await db.select({ date: events.date }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_TEXTS.eventNotFound);
  const opensAt = iso(event.date);
  if (!galleryOpen(event)) return { open: false, opensAt, photos: [] };
  const [postId, n] = opts.before?.split(':') ?? [];
  const cursor = postId ? { postId, n: Number(n) } : undefined;
  const found = await rows<PhotoRow>(db, photosSql(eventId, opts.limit, cursor));
  return { open: true, opensAt, photos: found.map(presentPhoto) };
}

/**
 * GET /api/user/{userId}/games: how many games the player was checked in at, and a page of them,
 * the latest check-in first (off event_check_ins_user_idx); `before` is the last game's event id.
 * Only check-ins count: a registration alone is no game played. The record is public like the
 * rest of the profile, but a game the player registered for privately (issue 26) is left out, of
 * the list and the count, for every viewer but the player themself (signed out included).
 */
export async function playerGames(
  db: Db,
  userId: string,
  opts: { limit: number; before?: string },
  viewer: SessionUser | null = null,
): Promise<PlayerGamesAnswer> {
  const c = eventCheckIns;
  const r = eventRegistrations;
  // Issue 26: the player's private registrations hide those games from everyone else.
  const shown =
    viewer?.id === userId
      ? undefined
      : sql`NOT EXISTS (SELECT 1 FROM ${r} WHERE ${r.eventId} = ${c.eventId} AND ${r.userId} = ${c.userId} AND ${r.private})`;
  const [player] = await db
    .select({
      count: sql<number>`(SELECT count(*) FROM ${c} WHERE ${c.userId} = ${userId}${
        shown ? sql` AND ${shown}` : sql``
      })`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!player) throw notFound(PROFILE_TEXTS.notFound);
  const list = await db
    .select({
      eventId: c.eventId,
      checkedInAt: c.checkedInAt,
      title: events.title,
      date: events.date,
      timeZone: events.timeZone,
      location: events.location,
      fieldId: fields.id,
      fieldName: fields.name,
      sideName: eventSides.name,
      sideColour: eventSides.colour,
    })
    .from(c)
    .innerJoin(events, eq(events.id, c.eventId))
    .leftJoin(fields, eq(fields.id, events.fieldId))
    .leftJoin(
      eventRegistrations,
      and(eq(eventRegistrations.eventId, c.eventId), eq(eventRegistrations.userId, c.userId)),
    )
    .leftJoin(eventSides, eq(eventSides.id, eventRegistrations.sideId))
    .where(
      and(
        eq(c.userId, userId),
        shown,
        opts.before
          ? sql`(${c.checkedInAt}, ${c.eventId}) < (SELECT b.checked_in_at, b.event_id FROM event_check_ins b WHERE b.user_id = ${userId} AND b.event_id = ${opts.before})`
          : undefined,
      ),
    )
    .orderBy(desc(c.checkedInAt), desc(c.eventId))
    .limit(Math.min(opts.limit, PAGE_MAX_LIMIT));
  return {
    count: player.count,
    games: list.map((g) => ({
      eventId: g.eventId,
      title: g.title,
      date: iso(g.date),
      timeZone: g.timeZone || 'UTC',
      location: g.location,
      field: g.fieldId && g.fieldName ? { id: g.fieldId, name: g.fieldName } : null,
      side: g.sideName && g.sideColour ? { name: g.sideName, colour: g.sideColour } : null,
      checkedInAt: iso(g.checkedInAt),
    })),
  };
}

const DAY_MS = 86_400_000;

/**
 * GET /api/user/post-events: the events a post can be tagged with in the composer: the viewer's
 * own (registered or waitlisted, within POST_EVENT_WINDOW.registeredDays either side of today),
 * the latest first, then the other events that started in the last POST_EVENT_WINDOW.recentDays.
 * Any existing event may still be named by the API; this is the composer's short list.
 */
export async function postEventChoices(db: Db, viewer: SessionUser): Promise<PostEventChoice[]> {
  const now = Date.now();
  const mine = await db
    .select({ id: events.id, title: events.title, date: events.date })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.userId, viewer.id),
        gte(events.date, new Date(now - POST_EVENT_WINDOW.registeredDays * DAY_MS)),
        lte(events.date, new Date(now + POST_EVENT_WINDOW.registeredDays * DAY_MS)),
      ),
    )
    .orderBy(desc(events.date), desc(events.id))
    .limit(POST_EVENT_WINDOW.max);
  const recent = await db
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(
      and(
        gte(events.date, new Date(now - POST_EVENT_WINDOW.recentDays * DAY_MS)),
        lte(events.date, new Date(now)),
      ),
    )
    .orderBy(desc(events.date), desc(events.id))
    .limit(POST_EVENT_WINDOW.max);
  const seen = new Set(mine.map((e) => e.id));
  return [
    ...mine.map((e) => ({ id: e.id, title: e.title, date: iso(e.date), registered: true })),
    ...recent
      .filter((e) => !seen.has(e.id))
      .map((e) => ({ id: e.id, title: e.title, date: iso(e.date), registered: false })),
  ];
}
