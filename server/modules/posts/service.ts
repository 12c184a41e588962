import type { FeedPost } from '../../../contract';
import type { FeedStore, SharedCard } from '../../context';
import type { Db } from '../../db/client';
import type { SessionUser } from '../auth';
import { type CardWithLike, presentCard, presentPost, presentRow } from './presenters';
import { type FeedQuery, selectBookmarks, selectFeed, selectPost, selectViewerMarks } from './queries';

/** feedSql: for server/db/rows.test.ts, which checks the feed's generic plan (decision 007). */
export { type FeedQuery, feedSql } from './queries';

/** Feed cards with their counts and the viewer's like, newest first, in one query. */
export async function listPosts(db: Db, opts: FeedQuery): Promise<CardWithLike[]> {
  const result = await selectFeed(db, opts);
  return result.map(presentCard);
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
  const found = ids.length === 0 ? [] : await selectViewerMarks(db, viewerId, ids);
  const marks: ViewerMarks = {
    liked: new Set(found.filter((r) => r.kind === 'l').map((r) => r.postId)),
    bookmarked: new Set(found.filter((r) => r.kind === 'b').map((r) => r.postId)),
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

/** One post in the feed card's shape for this viewer (GET /api/posts/{id}); null when there is none. */
export async function findPost(db: Db, postId: string, viewer: SessionUser | null): Promise<FeedPost | null> {
  const row = await selectPost(db, postId, viewer?.id ?? null);
  return row ? presentRow(row, viewer) : null;
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
  const found = await selectBookmarks(db, viewer.id, opts);
  return found.map((r) => presentRow(r, viewer));
}
