import type { FeedPost } from '@contract/posts';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { postKeys } from './keys';

/**
 * Every cached list a post card can come from: the feed's pages, the profile post lists and the
 * bookmarks' pages (a post's own page is updated beside them, updateCachedPost).
 */
const POST_LIST_KEYS: readonly QueryKey[] = [postKeys.feed(), postKeys.users(), postKeys.bookmarks()];

type PostList = FeedPost[] | InfiniteData<FeedPost[], unknown>;

function mapList(data: unknown, map: (list: FeedPost[]) => FeedPost[]): unknown {
  if (Array.isArray(data)) return map(data as FeedPost[]);
  if (data && typeof data === 'object' && Array.isArray((data as InfiniteData<unknown>).pages)) {
    const infinite = data as InfiniteData<FeedPost[], unknown>;
    return { ...infinite, pages: infinite.pages.map((page) => (Array.isArray(page) ? map(page) : page)) };
  }
  return data;
}

function updateLists(queryClient: QueryClient, map: (list: FeedPost[]) => FeedPost[]): void {
  for (const queryKey of POST_LIST_KEYS) {
    queryClient.setQueriesData<PostList>({ queryKey }, (data) => mapList(data, map) as PostList | undefined);
  }
}

/** Rewrites one post wherever it is cached (feed pages, profile lists, its own page) in one go. */
export function updateCachedPost(
  queryClient: QueryClient,
  postId: string,
  update: (post: FeedPost) => FeedPost,
): void {
  updateLists(queryClient, (list) =>
    list.some((post) => post.id === postId)
      ? list.map((post) => (post.id === postId ? update(post) : post))
      : list,
  );
  // Exactly its own key: ['/api/posts', id, 'comments'] shares the prefix.
  if (queryClient.getQueryData(postKeys.post(postId)))
    queryClient.setQueryData<FeedPost>(postKeys.post(postId), (post) => (post ? update(post) : post));
}

/** Drops one post from every cached list. */
export function removeCachedPost(queryClient: QueryClient, postId: string): void {
  updateLists(queryClient, (list) =>
    list.some((post) => post.id === postId) ? list.filter((post) => post.id !== postId) : list,
  );
}

/** Stops refetches of the post lists in flight, so they cannot overwrite an optimistic change. */
export async function cancelPostLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    ...POST_LIST_KEYS.map((queryKey) => queryClient.cancelQueries({ queryKey })),
    queryClient.cancelQueries({
      predicate: (query) => query.queryKey[0] === '/api/posts' && query.queryKey.length === 2,
    }),
  ]);
}
