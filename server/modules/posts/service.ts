import { type SQL, sql } from 'drizzle-orm';
import { type FeedPost, PAGE_MAX_LIMIT } from '../../../contract';
import type { FeedStore, SharedCard } from '../../context';
import type { Db } from '../../db/client';
import { iso, preparedRows, rows } from '../../db/rows';
import type { SessionUser } from '../auth';
import { can } from './policy';

interface PostRow {
  id: string;
  user_id: string;
  caption: string;
  images: string[];
  created_at: Date | string;
  username: string;
  avatar: string | null;
  likes_count: number | string;
  comments_count: number | string;
  is_liked: boolean;
  is_bookmarked: boolean;
}

export interface FeedQuery {
  viewerId: string | null;
  authorId?: string;
  /** Only the posts of this team's members (GET /api/teams/{id}/feed). */
  teamId?: string;
  limit: number;
  before?: string;
}

/**
 * The page size is written into the statement, not bound: with `LIMIT $n` PostgreSQL cannot cost
 * a generic plan, so a prepared statement would still be planned at every execution, and planning
 * costs more than running it (decision 007).
 */
function pageLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX_LIMIT)
    throw new RangeError(`page limit ${limit}`);
  return limit;
}

/**
 * The feed query: first the page of posts straight off the (created_at, id) index (the inner
 * ORDER BY ... LIMIT), then the author and the viewer's like for those rows only. The counts are
 * the post row's counters, kept exact by triggers (docs/decisions/006-post-counters.md).
 * `before` is the id of the last card already shown (keyset on created_at, id).
 */
export function feedSql(opts: FeedQuery): SQL {
  const author = opts.authorId ? sql`AND p.user_id = ${opts.authorId}` : sql``;
  const team = opts.teamId
    ? sql`AND p.user_id IN (SELECT tm.user_id FROM team_members tm WHERE tm.team_id = ${opts.teamId})`
    : sql``;
  const cursor = opts.before
    ? sql`AND (p.created_at, p.id) < (SELECT b.created_at, b.id FROM posts b WHERE b.id = ${opts.before})`
    : sql``;
  const viewer = opts.viewerId ?? '00000000-0000-0000-0000-000000000000';
  return sql`SELECT p.id, p.user_id, p.caption, p.images, p.created_at, u.username, u.avatar,
      p.likes_count, p.comments_count,
      EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewer}) AS is_liked,
      EXISTS (SELECT 1 FROM post_bookmarks k WHERE k.post_id = p.id AND k.user_id = ${viewer}) AS is_bookmarked
    FROM (SELECT p.id, p.user_id, p.caption, p.images, p.created_at, p.likes_count, p.comments_count
          FROM posts p
          WHERE true ${author} ${team} ${cursor}
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ${sql.raw(String(pageLimit(opts.limit)))}) p
    JOIN users u ON u.id = p.user_id
    ORDER BY p.created_at DESC, p.id DESC`;
}

/**
 * The one FeedPost presenter: a card as every viewer sees it, the viewer's like and bookmark, and
 * the viewer's abilities on it (posts/policy.ts), so that the web never re-derives a rule.
 */
export const presentPost = (
  card: SharedCard,
  isLiked: boolean,
  viewer: SessionUser | null,
  isBookmarked = false,
): FeedPost => ({
  ...card,
  isLiked,
  isBookmarked: viewer ? isBookmarked : false,
  canDelete: can(viewer, 'delete', { authorId: card.userId }),
});

export type CardWithLike = SharedCard & { isLiked: boolean; isBookmarked: boolean };

/** Feed cards with their counts and the viewer's like, newest first, in one query. */
export async function listPosts(db: Db, opts: FeedQuery): Promise<CardWithLike[]> {
  const result = await preparedRows<PostRow>(db, feedSql(opts));
  return result.map(rowToCard);
}

const pageKey = (opts: FeedQuery) => `${opts.authorId ?? ''}|${opts.before ?? ''}|${opts.limit}`;

interface ViewerMarks {
  liked: Set<string>;
  bookmarked: Set<string>;
}

/**
 * The posts among `ids` that the viewer likes and bookmarked, from the cache or else from
 * post_likes and post_bookmarks in one query (then kept).
 */
async function viewerLikes(
  db: Db,
  cache: FeedStore,
  viewerId: string,
  ids: string[],
  stamp: number,
): Promise<ViewerMarks> {
  const liked = cache.likedAmong(viewerId, ids);
  const bookmarked = cache.bookmarkedAmong(viewerId, ids);
  if (liked && bookmarked) return { liked, bookmarked };
  const found =
    ids.length === 0
      ? []
      : await rows<{ post_id: string; kind: 'l' | 'b' }>(
          db,
          sql`SELECT post_id, 'l' AS kind FROM post_likes WHERE user_id = ${viewerId} AND post_id IN ${ids}
              UNION ALL
              SELECT post_id, 'b' AS kind FROM post_bookmarks WHERE user_id = ${viewerId} AND post_id IN ${ids}`,
        );
  const marks: ViewerMarks = {
    liked: new Set(found.filter((r) => r.kind === 'l').map((r) => r.post_id)),
    bookmarked: new Set(found.filter((r) => r.kind === 'b').map((r) => r.post_id)),
  };
  cache.storeLikes(viewerId, ids, marks.liked, stamp, marks.bookmarked);
  return marks;
}

/**
 * The feed (or a player's posts) through the cache: a page every viewer shares, plus the viewer's
 * likes on it. A page not cached costs the one feed query; a cached page whose likes this viewer
 * has not been asked about costs one small query on post_likes; otherwise no query at all.
 */
export async function readFeed(
  db: Db,
  cache: FeedStore,
  opts: FeedQuery,
  viewer: SessionUser | null,
): Promise<FeedPost[]> {
  const key = pageKey(opts);
  const stamp = cache.stamp();
  const cards = cache.page(key);
  if (!cards) {
    const posts = await listPosts(db, opts);
    const fresh = posts.map(({ isLiked: _, isBookmarked: __, ...card }): SharedCard => card);
    // The cards get their media maps here, once per page, not on each answer that shows them.
    await cache.prepare(fresh);
    cache.storePage(key, fresh, stamp);
    if (opts.viewerId)
      cache.storeLikes(
        opts.viewerId,
        posts.map((p) => p.id),
        posts.filter((p) => p.isLiked).map((p) => p.id),
        stamp,
        posts.filter((p) => p.isBookmarked).map((p) => p.id),
      );
    return fresh.map((card, i) => presentPost(card, posts[i].isLiked, viewer, posts[i].isBookmarked));
  }
  if (!opts.viewerId) return cards.map((card) => presentPost(card, false, viewer));
  const { liked, bookmarked } = await viewerLikes(
    db,
    cache,
    opts.viewerId,
    cards.map((card) => card.id),
    stamp,
  );
  return cards.map((card) => presentPost(card, liked.has(card.id), viewer, bookmarked.has(card.id)));
}

const rowToCard = (r: PostRow): CardWithLike => ({
  id: r.id,
  userId: r.user_id,
  user: { username: r.username, avatar: r.avatar },
  caption: r.caption,
  images: r.images ?? [],
  createdAt: iso(r.created_at),
  likesCount: Number(r.likes_count),
  commentsCount: Number(r.comments_count),
  isLiked: r.is_liked,
  isBookmarked: r.is_bookmarked,
});

const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

/** One post in the feed card's shape for this viewer (GET /api/posts/{id}); null when there is none. */
export async function findPost(db: Db, postId: string, viewer: SessionUser | null): Promise<FeedPost | null> {
  const viewerId = viewer?.id ?? NO_VIEWER;
  const [row] = await rows<PostRow>(
    db,
    sql`SELECT p.id, p.user_id, p.caption, p.images, p.created_at, u.username, u.avatar,
        p.likes_count, p.comments_count,
        EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewerId}) AS is_liked,
        EXISTS (SELECT 1 FROM post_bookmarks k WHERE k.post_id = p.id AND k.user_id = ${viewerId}) AS is_bookmarked
      FROM posts p JOIN users u ON u.id = p.user_id
      WHERE p.id = ${postId}`,
  );
  if (!row) return null;
  const { isLiked, isBookmarked, ...card } = rowToCard(row);
  return presentPost(card, isLiked, viewer, isBookmarked);
}

/**
 * The viewer's bookmarked posts, the newest bookmark first. `before` is the id of the last post
 * already shown (decision 002): the page goes on after that post's bookmark; a post no longer
 * bookmarked yields an empty page.
 */
export async function listBookmarks(
  db: Db,
  viewer: SessionUser,
  opts: { limit: number; before?: string },
): Promise<FeedPost[]> {
  const cursor = opts.before
    ? sql`AND (k.created_at, k.id) < (SELECT b.created_at, b.id FROM post_bookmarks b
          WHERE b.user_id = ${viewer.id} AND b.post_id = ${opts.before})`
    : sql``;
  const found = await rows<PostRow>(
    db,
    sql`SELECT p.id, p.user_id, p.caption, p.images, p.created_at, u.username, u.avatar,
        p.likes_count, p.comments_count,
        EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewer.id}) AS is_liked,
        true AS is_bookmarked
      FROM (SELECT k.post_id, k.created_at, k.id FROM post_bookmarks k
            WHERE k.user_id = ${viewer.id} ${cursor}
            ORDER BY k.created_at DESC, k.id DESC
            LIMIT ${sql.raw(String(pageLimit(opts.limit)))}) k
      JOIN posts p ON p.id = k.post_id
      JOIN users u ON u.id = p.user_id
      ORDER BY k.created_at DESC, k.id DESC`,
  );
  return found.map((r) => {
    const { isLiked, isBookmarked, ...card } = rowToCard(r);
    return presentPost(card, isLiked, viewer, isBookmarked);
  });
}
