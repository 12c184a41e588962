import { and, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { PAGE_MAX_LIMIT } from '../../../contract';
import type { Db } from '../../db/client';
import { literalLimit, preparedQuery } from '../../db/prepared';
import { preparedRows } from '../../db/rows';
import { comments, events, postBookmarks, postLikes, posts, users } from '../../db/schema';

/**
 * The posts module's reads, typed from the schema (issue 21). The feed's statement stays raw SQL,
 * run as a named prepared statement with its page size written in (decision 007, which names it
 * and its figures, as bench:feed measures it); its row type is built from the schema's. The
 * others are Drizzle's typed builder.
 */

const qb = new QueryBuilder();
const ph = sql.placeholder;
const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

export interface FeedQuery {
  viewerId: string | null;
  authorId?: string;
  /** Only the posts of this team's members (GET /api/teams/{id}/feed). */
  teamId?: string;
  limit: number;
  before?: string;
}

/**
 * A raw statement's row as the drivers give it: a timestamp is a Date (node-postgres' own
 * parser, preparedRows on PostgreSQL) or its text (Drizzle's drivers, which leave timestamps to
 * the columns that decode them: PGlite).
 */
type RawRow<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] };

/**
 * A feed card's row: the post's columns and its author's, as the schema types them, and the
 * viewer's like and bookmark. The feed's raw statement (feedSql) answers it with the columns
 * named as the schema's fields; the typed reads below answer the same fields.
 */
export type FeedRow = RawRow<
  Pick<
    typeof posts.$inferSelect,
    'id' | 'userId' | 'caption' | 'images' | 'createdAt' | 'likesCount' | 'commentsCount' | 'eventId'
  > &
    Pick<typeof users.$inferSelect, 'username' | 'avatar'> & {
      /** The tagged event's title (issue 26), read in the same statement; null when untagged. */
      eventTitle: string | null;
      isLiked: boolean;
      isBookmarked: boolean;
    }
>;

/**
 * The feed query (decision 007: raw SQL, a named prepared statement, the page size written in):
 * first the page of posts straight off the (created_at, id) index (the inner ORDER BY ... LIMIT),
 * then the author and the viewer's like for those rows only. The counts are the post row's
 * counters, kept exact by triggers (docs/decisions/006-post-counters.md). `before` is the id of
 * the last card already shown (keyset on created_at, id). Its columns are named as FeedRow's.
 */
export function feedSql(opts: FeedQuery): SQL {
  const author = opts.authorId ? sql`AND p.user_id = ${opts.authorId}` : sql``;
  const team = opts.teamId
    ? sql`AND p.user_id IN (SELECT tm.user_id FROM team_members tm WHERE tm.team_id = ${opts.teamId})`
    : sql``;
  const cursor = opts.before
    ? sql`AND (p.created_at, p.id) < (SELECT b.created_at, b.id FROM posts b WHERE b.id = ${opts.before})`
    : sql``;
  const viewer = opts.viewerId ?? NO_VIEWER;
  return sql`SELECT p.id, p.user_id AS "userId", p.caption, p.images, p.created_at AS "createdAt",
      u.username, u.avatar, p.likes_count AS "likesCount", p.comments_count AS "commentsCount",
      p.event_id AS "eventId", e.title AS "eventTitle",
      EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewer}) AS "isLiked",
      EXISTS (SELECT 1 FROM post_bookmarks k WHERE k.post_id = p.id AND k.user_id = ${viewer}) AS "isBookmarked"
    FROM (SELECT p.id, p.user_id, p.caption, p.images, p.created_at, p.likes_count, p.comments_count,
            p.event_id
          FROM posts p
          WHERE true ${author} ${team} ${cursor}
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ${literalLimit(opts.limit, PAGE_MAX_LIMIT)}) p
    JOIN users u ON u.id = p.user_id
    LEFT JOIN events e ON e.id = p.event_id
    ORDER BY p.created_at DESC, p.id DESC`;
}

/** Feed cards with their counts and the viewer's like and bookmark, newest first, in one query. */
export const selectFeed = (db: Db, opts: FeedQuery) => preparedRows<FeedRow>(db, feedSql(opts));

/**
 * A card's columns: the post's, its author's and its event's title (a query that joins users on
 * the post's author and left-joins events on its tag: withCardJoins).
 */
export const cardColumns = {
  id: posts.id,
  userId: posts.userId,
  caption: posts.caption,
  images: posts.images,
  createdAt: posts.createdAt,
  username: users.username,
  avatar: users.avatar,
  likesCount: posts.likesCount,
  commentsCount: posts.commentsCount,
  eventId: posts.eventId,
  eventTitle: events.title,
};

/** The joins cardColumns reads: the post's author, and its tagged event (issue 26). */
export const cardJoins = {
  author: eq(users.id, posts.userId),
  event: eq(events.id, posts.eventId),
};

const likedBy = (viewerId: Placeholder | string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${postLikes} WHERE ${postLikes.postId} = ${posts.id} AND ${postLikes.userId} = ${viewerId})`;
const bookmarkedBy = (viewerId: Placeholder) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${postBookmarks} WHERE ${postBookmarks.postId} = ${posts.id} AND ${postBookmarks.userId} = ${viewerId})`;

/**
 * One post as a feed card with the viewer's like and bookmark (none for an anonymous viewer).
 * Prepared once (building the statement per request cost more CPU than sending it).
 */
export async function selectPost(db: Db, postId: string, viewerId: string | null) {
  const [row] = await preparedQuery(db, 'posts.one', () =>
    db
      .select({ ...cardColumns, isLiked: likedBy(ph('viewer')), isBookmarked: bookmarkedBy(ph('viewer')) })
      .from(posts)
      .innerJoin(users, cardJoins.author)
      .leftJoin(events, cardJoins.event)
      .where(eq(posts.id, ph('post'))),
  ).execute({ post: postId, viewer: viewerId ?? NO_VIEWER });
  return row;
}

/**
 * The viewer's bookmarked posts, the newest bookmark first: the page of bookmarks off
 * post_bookmarks_user_idx, then their posts and authors. `before` is the id of the last post
 * already shown (decision 002): the page goes on after that post's bookmark.
 */
export function selectBookmarks(db: Db, viewerId: string, opts: { limit: number; before?: string }) {
  const b = alias(postBookmarks, 'b');
  const k = db
    .select({ postId: postBookmarks.postId, createdAt: postBookmarks.createdAt, id: postBookmarks.id })
    .from(postBookmarks)
    .where(
      and(
        eq(postBookmarks.userId, viewerId),
        opts.before
          ? sql`(${postBookmarks.createdAt}, ${postBookmarks.id}) < (${qb
              .select({ createdAt: b.createdAt, id: b.id })
              .from(b)
              .where(and(eq(b.userId, viewerId), eq(b.postId, opts.before)))})`
          : undefined,
      ),
    )
    .orderBy(desc(postBookmarks.createdAt), desc(postBookmarks.id))
    .limit(literalLimit(opts.limit, PAGE_MAX_LIMIT))
    .as('k');
  return db
    .select({ ...cardColumns, isLiked: likedBy(viewerId), isBookmarked: sql<boolean>`true` })
    .from(k)
    .innerJoin(posts, eq(posts.id, k.postId))
    .innerJoin(users, cardJoins.author)
    .leftJoin(events, cardJoins.event)
    .orderBy(desc(k.createdAt), desc(k.id));
}

/** The posts among `ids` the viewer likes ('l') and bookmarked ('b'), in one query. */
export function selectViewerMarks(db: Db, viewerId: string, ids: string[]) {
  return db
    .select({ postId: postLikes.postId, kind: sql<'l' | 'b'>`'l'` })
    .from(postLikes)
    .where(and(eq(postLikes.userId, viewerId), inArray(postLikes.postId, ids)))
    .unionAll(
      db
        .select({ postId: postBookmarks.postId, kind: sql<'l' | 'b'>`'b'` })
        .from(postBookmarks)
        .where(and(eq(postBookmarks.userId, viewerId), inArray(postBookmarks.postId, ids))),
    );
}

/** A post's comments with their authors, oldest first; `before` is the id of the last comment already shown. */
export const selectComments = (db: Db, postId: string, opts: { limit: number; before?: string }) =>
  preparedQuery(db, `posts.comments:${Boolean(opts.before)}:${opts.limit}`, () =>
    commentsQuery(db, opts),
  ).execute({
    post: postId,
    before: opts.before,
  });

function commentsQuery(db: Db, opts: { limit: number; before?: string }) {
  const a = alias(comments, 'a');
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      content: comments.content,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      userId: users.id,
      username: users.username,
      avatar: users.avatar,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(
      and(
        eq(comments.postId, ph('post')),
        opts.before
          ? sql`(${comments.createdAt}, ${comments.id}) > (${qb
              .select({ createdAt: a.createdAt, id: a.id })
              .from(a)
              .where(eq(a.id, ph('before')))})`
          : undefined,
      ),
    )
    .orderBy(comments.createdAt, comments.id)
    .limit(literalLimit(opts.limit, PAGE_MAX_LIMIT));
}

/** A comment with its author (the comments page's row; a comment just written is given the same shape). */
export type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];
