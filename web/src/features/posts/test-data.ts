// Test data for the posts feature's component tests.
import type { Comment, FeedPost } from '@contract/posts';

export const ME_ID = '00000000-0000-4000-8000-000000000001';
export const OTHER_ID = '00000000-0000-4000-8000-0000000000aa';

const hex = (n: number) => n.toString(16).padStart(12, '0');
export const postId = (n: number) => `10000000-0000-4000-8000-${hex(n)}`;
export const commentId = (n: number) => `20000000-0000-4000-8000-${hex(n)}`;

export const aPost = (overrides: Partial<FeedPost> = {}): FeedPost => ({
  id: postId(1),
  userId: OTHER_ID,
  user: { username: 'recon_rita', avatar: null },
  caption: 'Night game at the quarry',
  images: [],
  createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
  likesCount: 0,
  commentsCount: 0,
  event: null,
  isLiked: false,
  isBookmarked: false,
  // The viewer's ability, as the server answers it: the author (ME_ID) or an admin.
  canDelete: overrides.userId === ME_ID,
  // As the server answers a signed-in player who is not the author.
  canReport: overrides.userId !== ME_ID,
  ...overrides,
});

/** `count` posts, newest first, numbered from `from`. */
export const postsPage = (from: number, count: number): FeedPost[] =>
  Array.from({ length: count }, (_, i) =>
    aPost({ id: postId(from + i), caption: `Post number ${from + i}` }),
  );

export const aComment = (overrides: Partial<Comment> = {}): Comment => {
  const createdAt = new Date(Date.now() - 10 * 60 * 1000).toISOString();
  return {
    id: commentId(1),
    postId: postId(1),
    content: 'Great shot!',
    createdAt,
    updatedAt: createdAt,
    user: { id: OTHER_ID, username: 'recon_rita', avatar: null },
    canEdit: overrides.user?.id === ME_ID,
    canDelete: overrides.user?.id === ME_ID,
    canReport: overrides.user?.id !== ME_ID,
    ...overrides,
  };
};

/** A promise to answer later, for checking what shows while a call is on its way. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
