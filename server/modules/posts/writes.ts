import { and, eq } from 'drizzle-orm';
import type { BookmarkAnswer, Comment, CreatePostBody, FeedPost, LikeAnswer } from '../../../contract';
import { POST_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { comments, postBookmarks, postLikes, posts } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { recordPostEvent } from '../analytics';
import type { SessionUser } from '../auth';
import { awardBadges } from '../badges';
import { assertNoBlockedWords } from '../moderation';
import { can } from './policy';
import { presentComment, presentPost } from './presenters';
import { selectComments } from './queries';

export async function createPost(db: Db, author: SessionUser, body: CreatePostBody): Promise<FeedPost> {
  await assertNoBlockedWords(db, body.caption);
  const [post] = await db
    .insert(posts)
    .values({ userId: author.id, caption: body.caption, images: body.images })
    .returning();
  await recordPostEvent(db, post.id, author.id, 'create');
  await awardBadges(db, author.id, 'post');
  const card = {
    id: post.id,
    userId: author.id,
    user: { username: author.username, avatar: author.avatar },
    caption: post.caption,
    images: post.images,
    createdAt: post.createdAt.toISOString(),
    likesCount: 0,
    commentsCount: 0,
  };
  return presentPost(card, false, author, false);
}

async function requirePost(db: Db, postId: string) {
  const [post] = await db
    .select({ id: posts.id, userId: posts.userId })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post) throw notFound(POST_TEXTS.postNotFound);
  return post;
}

export async function deletePost(db: Db, user: SessionUser, postId: string): Promise<void> {
  const post = await requirePost(db, postId);
  if (!can(user, 'delete', { authorId: post.userId })) throw forbidden();
  await recordPostEvent(db, post.id, user.id, 'delete');
  await db.delete(posts).where(eq(posts.id, postId));
}

/** The post's like counter (kept by the post_likes trigger). */
const likesCount = async (db: Db, postId: string) =>
  (await db.select({ n: posts.likesCount }).from(posts).where(eq(posts.id, postId)))[0]?.n ?? 0;

/** Idempotent; the unique pair keeps one like per user even when requests race. */
export async function like(db: Db, user: SessionUser, postId: string): Promise<LikeAnswer> {
  await requirePost(db, postId);
  const added = await db
    .insert(postLikes)
    .values({ postId, userId: user.id })
    .onConflictDoNothing()
    .returning({ id: postLikes.id });
  if (added.length > 0) await recordPostEvent(db, postId, user.id, 'like');
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

export async function addComment(
  db: Db,
  user: SessionUser,
  postId: string,
  content: string,
): Promise<Comment> {
  await requirePost(db, postId);
  await assertNoBlockedWords(db, content);
  const [c] = await db.insert(comments).values({ postId, userId: user.id, content }).returning();
  await recordPostEvent(db, postId, user.id, 'comment');
  return presentComment({ ...c, userId: user.id, username: user.username, avatar: user.avatar }, user);
}

async function requireComment(db: Db, commentId: string) {
  const [c] = await db.select().from(comments).where(eq(comments.id, commentId));
  if (!c) throw notFound(POST_TEXTS.commentNotFound);
  return c;
}

export async function editComment(
  db: Db,
  user: SessionUser,
  commentId: string,
  content: string,
): Promise<Comment> {
  const c = await requireComment(db, commentId);
  if (!can(user, 'edit', { authorId: c.userId })) throw forbidden();
  await assertNoBlockedWords(db, content);
  const [u] = await db
    .update(comments)
    .set({ content, updatedAt: new Date() })
    .where(eq(comments.id, commentId))
    .returning();
  return presentComment({ ...u, userId: user.id, username: user.username, avatar: user.avatar }, user);
}

export async function deleteComment(db: Db, user: SessionUser, commentId: string): Promise<void> {
  const c = await requireComment(db, commentId);
  if (!can(user, 'delete', { authorId: c.userId })) throw forbidden();
  await db.delete(comments).where(eq(comments.id, commentId));
}
