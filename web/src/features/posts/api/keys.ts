/** The posts feature's query keys (the feed and post lists are read by the default GET of their parts). */
export const postKeys = {
  feed: () => ['/api/posts/feed'] as const,
  /** Every player's post list. */
  users: () => ['/api/posts/user'] as const,
  user: (userId: string) => ['/api/posts/user', userId] as const,
  /** GET /api/posts/{id}: one post (its page, /posts/{id}). */
  post: (postId: string) => ['/api/posts', postId] as const,
  /** GET /api/user/bookmarks: the viewer's bookmarked posts (an infinite list of pages). */
  bookmarks: () => ['/api/user/bookmarks'] as const,
  comments: (postId: string) => ['/api/posts', postId, 'comments'] as const,
  /** Moderate Posts' pages (another shape than the feed's, under a key of its own). */
  moderation: () => ['admin', 'moderation-posts'] as const,
  moderationPages: (limit: number) => ['admin', 'moderation-posts', limit] as const,
  /** Moderate Posts' search of posts, and its comments (issue 24). */
  moderationSearch: (q: string, author: string, limit: number) =>
    ['admin', 'moderation-posts', 'search', q, author, limit] as const,
  moderationComments: (q: string, author: string, limit: number) =>
    ['admin', 'moderation-comments', q, author, limit] as const,
};

/** The feed's key (an infinite list of pages), the prefix of every player's post list, the bookmarks' key. */
export const feedQueryKey = postKeys.feed();
export const userPostsKeyPrefix = postKeys.users();
export const bookmarksQueryKey = postKeys.bookmarks();
