import { type SQL, sql } from 'drizzle-orm';
import { type FeedPost, PAGE_MAX_LIMIT } from '../../../contract';
import type { Db } from '../../db/client';
import { iso, preparedRows, rows } from '../../db/rows';
import type { SessionUser } from '../auth';
import type { FeedCache, SharedCard } from './feed-cache';
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
      EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewer}) AS is_liked
    FROM (SELECT p.id, p.user_id, p.caption, p.images, p.created_at, p.likes_count, p.comments_count
          FROM posts p
          WHERE true ${author} ${team} ${cursor}
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ${sql.raw(String(pageLimit(opts.limit)))}) p
    JOIN users u ON u.id = p.user_id
    ORDER BY p.created_at DESC, p.id DESC`;
}

/**
 * The one FeedPost presenter: a card as every viewer sees it, the viewer's like, and the viewer's
 * abilities on it (posts/policy.ts), so that the web never re-derives a rule.
 */
export const presentPost = (card: SharedCard, isLiked: boolean, viewer: SessionUser | null): FeedPost => ({
  ...card,
  isLiked,
  canDelete: can(viewer, 'delete', { authorId: card.userId }),
});

type CardWithLike = SharedCard & { isLiked: boolean };

/** Feed cards with their counts and the viewer's like, newest first, in one query. */
export async function listPosts(db: Db, opts: FeedQuery): Promise<CardWithLike[]> {
  const result = await preparedRows<PostRow>(db, feedSql(opts));
  return result.map((r) => ({
    id: r.id,
    userId: r.user_id,
    user: { username: r.username, avatar: r.avatar },
    caption: r.caption,
    images: r.images ?? [],
    createdAt: iso(r.created_at),
    likesCount: Number(r.likes_count),
    commentsCount: Number(r.comments_count),
    isLiked: r.is_liked,
  }));
}

const pageKey = (opts: FeedQuery) => `${opts.authorId ?? ''}|${opts.before ?? ''}|${opts.limit}`;

/** The posts among `ids` that the viewer likes, from the cache or else from post_likes (then kept). */
async function viewerLikes(
  db: Db,
  cache: FeedCache,
  viewerId: string,
  ids: string[],
  stamp: number,
): Promise<Set<string>> {
  const known = cache.likedAmong(viewerId, ids);
  if (known) return known;
  const found =
    ids.length === 0
      ? []
      : await rows<{ post_id: string }>(
          db,
          sql`SELECT post_id FROM post_likes WHERE user_id = ${viewerId} AND post_id IN ${ids}`,
        );
  const liked = new Set(found.map((r) => r.post_id));
  cache.storeLikes(viewerId, ids, liked, stamp);
  return liked;
}

/**
 * The feed (or a player's posts) through the cache: a page every viewer shares, plus the viewer's
 * likes on it. A page not cached costs the one feed query; a cached page whose likes this viewer
 * has not been asked about costs one small query on post_likes; otherwise no query at all.
 */
export async function readFeed(
  db: Db,
  cache: FeedCache,
  opts: FeedQuery,
  viewer: SessionUser | null,
): Promise<FeedPost[]> {
  const key = pageKey(opts);
  const stamp = cache.stamp();
  const cards = cache.page(key);
  if (!cards) {
    const posts = await listPosts(db, opts);
    const fresh = posts.map(({ isLiked: _, ...card }): SharedCard => card);
    // The cards get their media maps here, once per page, not on each answer that shows them.
    await cache.prepare(fresh);
    cache.storePage(key, fresh, stamp);
    if (opts.viewerId)
      cache.storeLikes(
        opts.viewerId,
        posts.map((p) => p.id),
        posts.filter((p) => p.isLiked).map((p) => p.id),
        stamp,
      );
    return fresh.map((card, i) => presentPost(card, posts[i].isLiked, viewer));
  }
  if (!opts.viewerId) return cards.map((card) => presentPost(card, false, viewer));
  const liked = await viewerLikes(
    db,
    cache,
    opts.viewerId,
    cards.map((card) => card.id),
    stamp,
  );
  return cards.map((card) => presentPost(card, liked.has(card.id), viewer));
}
