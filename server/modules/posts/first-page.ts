import {
  type FeedPost,
  feedPost,
  MAX_POST_IMAGES_SHOWN,
  PAGE_DEFAULT_LIMIT,
  POST_IMAGE_SIZES,
  z,
} from '../../../contract';
import type { FeedStore } from '../../context';
import type { Db } from '../../db/client';
import { answerWriter } from '../../plugins/serializer';
import type { SessionUser } from '../auth';
import { readFeed } from './service';

/** Written as GET /api/posts/feed writes its answer (the same schema serializer): its fields, no other. */
const writeFeedPage = answerWriter<FeedPost[]>(z.array(feedPost));

/** The image a page shows first, as its card asks for it (src, srcset and sizes of post-card.tsx). */
export interface FirstImage {
  href: string;
  srcset?: string;
  sizes: string;
}

export interface FirstFeedPage {
  /** The page as JSON, exactly as the API answers `GET /api/posts/feed?limit=20` to this viewer. */
  json: string;
  image: FirstImage | null;
}

/**
 * The viewer's first feed page (through the feed cache, as the API reads it) and its first image,
 * for the HTML of / to carry (decision 018): the web seeds its feed query with it.
 */
export async function firstFeedPage(
  db: Db,
  cache: FeedStore,
  viewer: SessionUser | null,
): Promise<FirstFeedPage> {
  const page = await readFeed(db, cache, { viewerId: viewer?.id ?? null, limit: PAGE_DEFAULT_LIMIT }, viewer);
  return { json: writeFeedPage(page), image: firstImageOf(page) };
}

/**
 * The first image of the first card with images (the one the feed fetches at once): our own path
 * or the image proxy's, with its srcset when it has variants; the `sizes` its card gives it.
 */
export function firstImageOf(page: FeedPost[]): FirstImage | null {
  const post = page.find((p) => p.images.length > 0);
  if (!post) return null;
  const address = post.images[0];
  const entry = post.media?.[address];
  const href = address.startsWith('/objects/') ? address : entry?.src;
  if (!href) return null;
  const shown = Math.min(post.images.length, MAX_POST_IMAGES_SHOWN);
  const sizes = shown === 1 || shown === 3 ? POST_IMAGE_SIZES.full : POST_IMAGE_SIZES.half;
  return { href, ...(entry?.srcset ? { srcset: entry.srcset } : {}), sizes };
}
