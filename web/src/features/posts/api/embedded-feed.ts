import { FEED_FIRST_PAGE_ID, type FeedPost } from '@contract/posts';
import { hasEmbedded, takeEmbedded } from '@web/lib/embedded';

/**
 * The viewer's first feed page that the server put in the HTML of / (decision 018), taken once:
 * the block is removed as it is read, so a later feed (after the query was dropped) asks the API.
 * Null without one (other paths, the prerender in Node, a database error on the server).
 */
export function takeEmbeddedFeedPage(): FeedPost[] | null {
  const page = takeEmbedded(FEED_FIRST_PAGE_ID);
  return Array.isArray(page) ? (page as FeedPost[]) : null;
}

/** Whether the HTML carries a first feed page not yet taken. */
export const hasEmbeddedFeedPage = () => hasEmbedded(FEED_FIRST_PAGE_ID);
