import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookmarkAnswer, Comment, CreatePostBody, FeedPost, LikeAnswer } from '../../../contract';
import { POST_EVENT_TEXTS, POST_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { comments, events, postBookmarks, postLikes, posts, users } from '../../db/schema';
import { badRequest, forbidden, missingReference, notFound } from '../../errors';
import { recordPostEvent } from '../analytics';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { awardBadges } from '../badges';
import { assertNoBlockedWords } from '../moderation';
import {
  EXCERPT_MAX,
  excerptOf,
  mentionedPlayers,
  type NotifyOptions,
  notify,
  notifyMentioned,
  notifyMentions,
} from '../notifications';
import { can } from './policy';
import { presentComment, presentPost } from './presenters';
import { selectComments } from './queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/** A refusal of an `eventId` that names no event (issue 26): 400 on the field. */
const unknownEvent = () =>
  badRequest(POST_EVENT_TEXTS.eventUnknown, { eventId: [POST_EVENT_TEXTS.eventUnknown] });

/**
 * The event a post is tagged with (issue 26), or 400 when there is none: any existing event may be
 * named (a deleted one is gone, hence unknown; events have no other state that would refuse it).
 */
async function taggedEvent(db: Db, eventId: string | null | undefined) {
  if (!eventId) return null;
  const [event] = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw unknownEvent();
  return event;
}

/** The post, and the players its caption mentions told (issue 23), in one transaction; then the badges. */
export async function createPost(
  db: Db,
  author: SessionUser,
  body: CreatePostBody,
  notice: NotifyOptions,
): Promise<FeedPost> {
  await assertNoBlockedWords(db, body.caption);
  const event = await taggedEvent(db, body.eventId);
  const post = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({ userId: author.id, caption: body.caption, images: body.images, eventId: event?.id ?? null })
        .returning();
      await recordPostEvent(asDb(tx), row.id, author.id, 'create');
      await notifyMentions(asDb(tx), { text: row.caption, authorId: author.id, postId: row.id }, notice);
      return row;
    })
    .catch((err) => {
      // The event was deleted since it was read: the insert's foreign key refuses it, as unknown.
      if (missingReference(err)?.table === 'events') throw unknownEvent();
      throw err;
    });
  await awardBadges(db, author.id, 'post', notice);
  const card = {
    id: post.id,
    userId: author.id,
    user: { username: author.username, avatar: author.avatar },
    caption: post.caption,
    images: post.images,
    createdAt: post.createdAt.toISOString(),
    likesCount: 0,
    commentsCount: 0,
    event,
  };
  return presentPost(card, false, author, false);
}

/** The post's owner, or 404. */
async function requirePost(db: Db, postId: string) {
  const [post] = await db
    .select({ id: posts.id, userId: posts.userId })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post) throw notFound(POST_TEXTS.postNotFound);
  return post;
}

/**
 * In a write's transaction that tells the post's owner: the post's owner and the start of its
 * caption (an entry's excerpt), or 404, the owner's account row held (FOR KEY SHARE) first. The
 * entry's row names the owner; an account deletion takes that row, then cascades into the post: a
 * write taking the post (a like's or a comment's counter) and then the owner would meet it in the
 * opposite order (decision 024).
 */
async function holdPost(tx: Db, postId: string) {
  const owner = alias(users, 'owner');
  const [post] = await tx
    .select({
      id: posts.id,
      userId: posts.userId,
      caption: sql<string>`left(${posts.caption}, ${EXCERPT_MAX + 1}::int)`,
    })
    .from(posts)
    .innerJoin(owner, eq(owner.id, posts.userId))
    .where(eq(posts.id, postId))
    .for('key share', { of: owner });
  if (!post) throw notFound(POST_TEXTS.postNotFound);
  return post;
}

/**
 * The author or an admin deletes a post. An admin deleting someone else's post writes the audit log
 * in the same transaction (issue 24), unless the caller audits it itself (`audited`: a report's action).
 */
export async function deletePost(
  db: Db,
  user: SessionUser,
  postId: string,
  opts: { audited?: boolean } = {},
): Promise<void> {
  const post = await requirePost(db, postId);
  if (!can(user, 'delete', { authorId: post.userId })) throw forbidden();
  await db.transaction(async (t) => {
    const tx = asDb(t);
    await recordPostEvent(tx, post.id, user.id, 'delete');
    const [gone] = await tx.delete(posts).where(eq(posts.id, postId)).returning({ caption: posts.caption });
    if (gone && !opts.audited && user.id !== post.userId)
      await audit(tx, {
        adminId: user.id,
        action: 'post.delete',
        subjectType: 'post',
        subjectId: postId,
        targetUserId: post.userId,
        data: { excerpt: excerptOf(gone.caption) },
      });
  });
}

/** The post's like counter (kept by the post_likes trigger). */
const likesCount = async (db: Db, postId: string) =>
  (await db.select({ n: posts.likesCount }).from(posts).where(eq(posts.id, postId)))[0]?.n ?? 0;

/**
 * Idempotent; the unique pair keeps one like per user even when requests race. A new like tells
 * the post's owner in its transaction (one entry per post while unread, grouping the likers).
 */
export async function like(
  db: Db,
  user: SessionUser,
  postId: string,
  notice: NotifyOptions,
): Promise<LikeAnswer> {
  await db.transaction(async (tx) => {
    const post = await holdPost(asDb(tx), postId);
    const added = await tx
      .insert(postLikes)
      .values({ postId, userId: user.id })
      .onConflictDoNothing()
      .returning({ id: postLikes.id });
    if (added.length === 0) return;
    await recordPostEvent(asDb(tx), postId, user.id, 'like');
    await notify(
      asDb(tx),
      {
        recipientIds: [post.userId],
        kind: 'like',
        actorId: user.id,
        groupKey: `like:${postId}`,
        postId,
        data: { excerpt: excerptOf(post.caption) },
      },
      notice,
    );
  });
  return { isLiked: true, likesCount: await likesCount(db, postId) };
}

export async function unlike(db: Db, user: SessionUser, postId: string): Promise<LikeAnswer> {
  await requirePost(db, postId);
  const removed = await db
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, user.id)))
    .returning({ id: postLikes.id });
  if (removed.length > 0) await recordPostEvent(db, postId, user.id, 'unlike');
  return { isLiked: false, likesCount: await likesCount(db, postId) };
}

/** Idempotent; the unique pair keeps one bookmark per player and post even when requests race. */
export async function bookmark(db: Db, user: SessionUser, postId: string): Promise<BookmarkAnswer> {
  await requirePost(db, postId);
  await db.insert(postBookmarks).values({ postId, userId: user.id }).onConflictDoNothing();
  return { isBookmarked: true };
}

export async function unbookmark(db: Db, user: SessionUser, postId: string): Promise<BookmarkAnswer> {
  await requirePost(db, postId);
  await db
    .delete(postBookmarks)
    .where(and(eq(postBookmarks.postId, postId), eq(postBookmarks.userId, user.id)));
  return { isBookmarked: false };
}

/** A post's comments, oldest first; `before` is the id of the last comment already shown (DESIGN §3). */
export async function listComments(
  db: Db,
  postId: string,
  opts: { limit: number; before?: string; viewer: SessionUser | null },
): Promise<Comment[]> {
  await requirePost(db, postId);
  const list = await selectComments(db, postId, opts);
  return list.map((row) => presentComment(row, opts.viewer));
}

/**
 * The comment, its post's owner told ('comment') and the players it mentions ('mention'; not the
 * owner, whose 'comment' entry says it), in one transaction.
 */
export async function addComment(
  db: Db,
  user: SessionUser,
  postId: string,
  content: string,
  notice: NotifyOptions,
): Promise<Comment> {
  await requirePost(db, postId);
  await assertNoBlockedWords(db, content);
  const c = await db.transaction(async (t) => {
    const tx = asDb(t);
    // The players told are held first (holdPost, mentionedPlayers), the post's counter after (the insert).
    const post = await holdPost(tx, postId);
    const mentioned = await mentionedPlayers(tx, {
      text: content,
      authorId: user.id,
      postId,
      exceptPostOwner: true,
    });
    const [row] = await tx.insert(comments).values({ postId, userId: user.id, content }).returning();
    await recordPostEvent(tx, postId, user.id, 'comment');
    const excerpt = excerptOf(row.content);
    await notify(
      tx,
      {
        recipientIds: [post.userId],
        kind: 'comment',
        actorId: user.id,
        postId,
        commentId: row.id,
        data: { excerpt },
      },
      notice,
    );
    await notifyMentioned(
      tx,
      mentioned,
      { text: row.content, authorId: user.id, postId, commentId: row.id },
      notice,
    );
    return row;
  });
  return presentComment({ ...c, userId: user.id, username: user.username, avatar: user.avatar }, user);
}

async function requireComment(db: Db, commentId: string) {
  const [c] = await db.select().from(comments).where(eq(comments.id, commentId));
  if (!c) throw notFound(POST_TEXTS.commentNotFound);
  return c;
}

/**
 * The comment's new text; the players it now mentions and did not before are told (not its post's
 * owner, told of the comment already), in one transaction.
 */
export async function editComment(
  db: Db,
  user: SessionUser,
  commentId: string,
  content: string,
  notice: NotifyOptions,
): Promise<Comment> {
  const c = await requireComment(db, commentId);
  if (!can(user, 'edit', { authorId: c.userId })) throw forbidden();
  await assertNoBlockedWords(db, content);
  const u = await db.transaction(async (t) => {
    const tx = asDb(t);
    const [row] = await tx
      .update(comments)
      .set({ content, updatedAt: new Date() })
      .where(eq(comments.id, commentId))
      .returning();
    if (!row) throw notFound(POST_TEXTS.commentNotFound);
    await notifyMentions(
      tx,
      {
        text: row.content,
        before: c.content,
        authorId: c.userId,
        postId: row.postId,
        commentId,
        exceptPostOwner: true,
      },
      notice,
    );
    return row;
  });
  return presentComment({ ...u, userId: user.id, username: user.username, avatar: user.avatar }, user);
}

/** The author or an admin deletes a comment; an admin's deletion of another's is audited (see deletePost). */
export async function deleteComment(
  db: Db,
  user: SessionUser,
  commentId: string,
  opts: { audited?: boolean } = {},
): Promise<void> {
  const c = await requireComment(db, commentId);
  if (!can(user, 'delete', { authorId: c.userId })) throw forbidden();
  await db.transaction(async (t) => {
    const tx = asDb(t);
    const gone = await tx.delete(comments).where(eq(comments.id, commentId)).returning({ id: comments.id });
    if (gone.length > 0 && !opts.audited && user.id !== c.userId)
      await audit(tx, {
        adminId: user.id,
        action: 'comment.delete',
        subjectType: 'comment',
        subjectId: commentId,
        targetUserId: c.userId,
        data: { postId: c.postId, excerpt: excerptOf(c.content) },
      });
  });
}
