import { and, asc, eq, sql } from 'drizzle-orm';
import {
  EVENT_SOCIAL_TEXTS,
  EVENT_TEXTS,
  type EventComment,
  type EventCommentsAnswer,
  type EventCommentsQuery,
  eventCommentBody,
  eventCommentsQuery,
  type UpdateEventCommentBody,
  updateEventCommentBody,
} from '../../../contract';
import type { Db } from '../../db/client';
import { eventComments, eventRegistrations, events, users } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../errors';
import { audit } from '../audit';
import { isSuspended, type SessionUser } from '../auth';
import { isOrganiser } from '../events';
import { assertNoBlockedWords } from '../moderation';
import { enqueueNotifyFor, excerptOf } from '../notifications';
import { can } from './policy';
import { type EventCommentRow, presentEventComment } from './presenters';

/**
 * An event's discussion (issue 26): questions to the host and the organisers' answers, with the
 * post comments' rules (posts/policy.ts through ./policy.ts; the same body, length and blocked
 * words). An organiser's new comment is marked (`byOrganiser`) and told to the players registered
 * on the event (not the waitlist, not its author) as 'event-comment', by a queued job whose
 * recipients are collected in the comment's transaction (preferences respected by notify()).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;
const c = eventComments;

const columns = {
  id: c.id,
  eventId: c.eventId,
  userId: c.userId,
  username: users.username,
  avatar: users.avatar,
  content: c.content,
  byOrganiser: c.byOrganiser,
  pinned: c.pinned,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
};

async function requireEvent(db: Db, eventId: string): Promise<{ title: string }> {
  const [e] = await db.select({ title: events.title }).from(events).where(eq(events.id, eventId));
  if (!e) throw notFound(EVENT_TEXTS.eventNotFound);
  return e;
}

/** The comment of THIS event, or 404 (a comment of another event under this path is not found). */
async function requireComment(db: Db, eventId: string, commentId: string): Promise<EventCommentRow> {
  const [row] = await db
    .select(columns)
    .from(c)
    .innerJoin(users, eq(users.id, c.userId))
    .where(and(eq(c.id, commentId), eq(c.eventId, eventId)));
  if (!row) throw notFound(EVENT_SOCIAL_TEXTS.commentNotFound);
  return row;
}

/** GET /api/events/{id}/comments: pinned first, then oldest first; `before` is the last comment already shown. */
export async function listEventComments(
  db: Db,
  viewer: SessionUser | null,
  eventId: string,
  input: EventCommentsQuery = {},
): Promise<EventCommentsAnswer> {
  const q = eventCommentsQuery.parse(input);
  await requireEvent(db, eventId);
  const organiser = await isOrganiser(db, viewer, eventId);
  const list = await db
    .select(columns)
    .from(c)
    .innerJoin(users, eq(users.id, c.userId))
    .where(
      and(
        eq(c.eventId, eventId),
        q.before
          ? sql`(NOT ${c.pinned}, ${c.createdAt}, ${c.id}) > (
              SELECT NOT b.pinned, b.created_at, b.id FROM event_comments b
              WHERE b.id = ${q.before}::uuid AND b.event_id = ${eventId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${c.pinned} DESC`, asc(c.createdAt), asc(c.id))
    .limit(q.limit);
  return {
    comments: list.map((r) => presentEventComment(r, viewer, organiser)),
    canComment: !!viewer && !isSuspended(viewer) && can(viewer, 'comment', { isOrganiser: organiser }),
  };
}

/**
 * POST /api/events/{id}/comments. Locks in decision 024's order: the author's account (FOR KEY
 * SHARE, as the insert's key takes it), then the event's row (FOR KEY SHARE: a deletion of the
 * event waits or comes first, 404); an organiser's comment queues the players' notification in
 * the same transaction.
 */
export async function addEventComment(
  db: Db,
  user: SessionUser | null,
  eventId: string,
  input: { content: string },
): Promise<EventComment> {
  if (!user) throw unauthorized();
  const { content } = eventCommentBody.parse(input);
  const e = await requireEvent(db, eventId);
  await assertNoBlockedWords(db, content);
  const organiser = await isOrganiser(db, user, eventId);
  const id = await db.transaction(async (t) => {
    const tx = asDb(t);
    const [me] = await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('key share');
    if (!me) throw unauthorized();
    const [held] = await tx
      .select({ id: events.id })
      .from(events)
      .where(eq(events.id, eventId))
      .for('key share');
    if (!held) throw notFound(EVENT_TEXTS.eventNotFound);
    const [row] = await tx
      .insert(c)
      .values({ eventId, userId: user.id, content, byOrganiser: organiser })
      .returning({ id: c.id });
    if (organiser) {
      const r = eventRegistrations;
      await enqueueNotifyFor(
        tx,
        {
          kind: 'event-comment',
          actorId: user.id,
          eventId,
          data: { title: e.title, excerpt: excerptOf(content) },
        },
        sql`SELECT ${r.userId} FROM ${r} WHERE ${r.eventId} = ${eventId}::uuid
            AND ${r.status} = 'registered' AND ${r.userId} <> ${user.id}::uuid`,
      );
    }
    return row.id;
  });
  return presentEventComment(await requireComment(db, eventId, id), user, organiser);
}

/**
 * PATCH /api/events/{id}/comments/{commentId}: `content` by its author (403 for anyone else),
 * `pinned` by an organiser (403 for anyone else); blocked words refused (400). Nothing changes
 * on a refusal.
 */
export async function updateEventComment(
  db: Db,
  user: SessionUser | null,
  eventId: string,
  commentId: string,
  input: UpdateEventCommentBody,
): Promise<EventComment> {
  if (!user) throw unauthorized();
  const body = updateEventCommentBody.parse(input);
  const current = await requireComment(db, eventId, commentId);
  const organiser = await isOrganiser(db, user, eventId);
  const facts = { authorId: current.userId, isOrganiser: organiser };
  if (body.content !== undefined && !can(user, 'edit', facts)) throw forbidden();
  if (body.pinned !== undefined && !can(user, 'pin', facts)) throw forbidden(EVENT_SOCIAL_TEXTS.notOrganiser);
  if (body.content !== undefined) await assertNoBlockedWords(db, body.content);
  const changed = await db
    .update(c)
    .set({
      ...(body.content !== undefined ? { content: body.content, updatedAt: new Date() } : {}),
      ...(body.pinned !== undefined ? { pinned: body.pinned } : {}),
    })
    .where(and(eq(c.id, commentId), eq(c.eventId, eventId)))
    .returning({ id: c.id });
  if (changed.length === 0) throw notFound(EVENT_SOCIAL_TEXTS.commentNotFound);
  return presentEventComment(await requireComment(db, eventId, commentId), user, organiser);
}

/**
 * DELETE /api/events/{id}/comments/{commentId} (and a report's delete action, with `eventId`
 * null: any event): its author, an organiser of the event, or an admin. An admin's deletion of
 * another's comment is audited (unless the report's action audits it itself).
 */
export async function deleteEventComment(
  db: Db,
  user: SessionUser | null,
  eventId: string | null,
  commentId: string,
  opts: { audited?: boolean } = {},
): Promise<void> {
  if (!user) throw unauthorized();
  const [found] = await db
    .select({ eventId: c.eventId, userId: c.userId, content: c.content })
    .from(c)
    .where(and(eq(c.id, commentId), eventId ? eq(c.eventId, eventId) : undefined));
  if (!found) throw notFound(EVENT_SOCIAL_TEXTS.commentNotFound);
  const organiser = await isOrganiser(db, user, found.eventId);
  if (!can(user, 'delete', { authorId: found.userId, isOrganiser: organiser })) throw forbidden();
  await db.transaction(async (t) => {
    const tx = asDb(t);
    const gone = await tx.delete(c).where(eq(c.id, commentId)).returning({ id: c.id });
    if (gone.length > 0 && !opts.audited && user.role === 'admin' && user.id !== found.userId)
      await audit(tx, {
        adminId: user.id,
        action: 'event-comment.delete',
        subjectType: 'eventComment',
        subjectId: commentId,
        targetUserId: found.userId,
        data: { eventId: found.eventId, excerpt: excerptOf(found.content) },
      });
  });
}
