import { FEED_FIRST_PAGE_ID, type FeedPost } from '@contract/posts';

/**
 * The viewer's first feed page that the server put in the HTML of / (decision 018), taken once:
 * the block is removed as it is read, so a later feed (after the query was dropped) asks the API.
 * Null without one (other paths, the prerender in Node, a database error on the server).
 */
export function takeEmbeddedFeedPage(): FeedPost[] | null {
  const block = typeof document === 'undefined' ? null : document.getElementById(FEED_FIRST_PAGE_ID);
  if (!block) return null;
  block.remove();
  try {
    const page: unknown = JSON.parse(block.textContent ?? '');
    return Array.isArray(page) ? (page as FeedPost[]) : null;
  } catch {
    return null;
  }
}

/** Whether the HTML carries a first feed page not yet taken. */
export const hasEmbeddedFeedPage = () =>
  typeof document !== 'undefined' && document.getElementById(FEED_FIRST_PAGE_ID) !== null;
