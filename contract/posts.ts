import { mediaMap, pageQuery, text, uuid } from './common';
import { z } from './messages';
import { imageRef } from './profiles';

/** Posts: the server's messages and the Create Post validation (SPEC §5). */
export const POST_TEXTS = {
  captionRequiredTitle: 'Caption required',
  captionRequired: 'Please add a caption to your post',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
} as const;

/** The home feed, the post card and its comments panel (SPEC §2, §4, §5, §8). */
export const FEED_TEXTS = {
  heroTitle: 'Welcome to Airsoft Community',
  heroSubtitle:
    'Showcase your loadout, discover events, connect with players and gear up with the best equipment.',
  feedHeading: 'Latest from Community',
  noPosts: 'No posts yet. Be the first to share!',
  noProfilePosts: 'No posts yet',
  fetchPostsFailed: 'Failed to fetch posts',
  tryAgain: 'Try again',
  loadMore: 'Load more',
  loadingMore: 'Loading more posts...',
  caughtUp: "You're all caught up",
  postsList: 'Community posts',
  like: 'Like',
  unlike: 'Unlike',
  likes: 'likes',
  oneLike: 'like',
  comments: 'Comments',
  commentsCount: 'comments',
  oneComment: 'comment',
  bookmark: 'Bookmark',
  share: 'Share',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy the link',
  deletePost: 'Delete post',
  deletePostTitle: 'Delete this post?',
  deletePostDescription: 'The post, its likes and its comments are removed for good.',
  cancel: 'Cancel',
  delete: 'Delete',
  postDeleted: 'Post deleted successfully',
  postDeleteFailed: 'Failed to delete post',
  noComments: 'No comments yet. Be the first!',
  loadCommentsFailed: 'Failed to load comments',
  fetchCommentsFailed: 'Failed to fetch comments',
  showMoreComments: 'Show more comments',
  commentPlaceholder: 'Write a comment...',
  commentLabel: 'Write a comment',
  postComment: 'Post comment',
  signInToComment: 'Sign in to comment',
  edited: '(edited)',
  edit: 'Edit',
  editLabel: 'Edit your comment',
  save: 'Save',
  errorTitle: 'Error',
  successTitle: 'Success',
  postCommentFailed: 'Failed to post comment',
  commentUpdated: 'Comment updated successfully',
  updateCommentFailed: 'Failed to update comment',
  deleteCommentTitle: 'Delete this comment?',
  deleteCommentDescription: 'The comment is removed for good.',
  commentDeleted: 'Comment deleted successfully',
  deleteCommentFailed: 'Failed to delete comment',
  moreImages: 'more images',
} as const;

/** The Create New Post dialog (SPEC §2, §5, §8). */
export const CREATE_POST_TEXTS = {
  createPost: 'Create Post',
  signInToPost: 'Sign in to post',
  title: 'Create New Post',
  captionPlaceholder: 'Share your airsoft adventures, loadout, or tips...',
  uploadImages: 'Upload Images',
  urlPlaceholder: 'Or paste image URL...',
  invalidUrl: 'Enter an image URL starting with http:// or https://',
  /** Not in the spec: shown while an upload or its registration still runs (Post waits). */
  finishingUploads: 'Finishing image uploads...',
  post: 'Post',
  posting: 'Posting...',
  postCreated: 'Post created',
  postCreatedDescription: 'Your post has been shared with the community',
  errorTitle: 'Error',
  createFailed: 'Failed to create post',
} as const;

export const CAPTION_MAX = 2200;
export const MAX_POST_IMAGES = 5;
export const MAX_POST_IMAGES_SHOWN = 4;
/**
 * The `sizes` of a post image's srcset: the feed column is at most 52rem, one image (or the first
 * of three) spans it, the others take half. The server's image preload for `/` uses the same.
 */
export const POST_IMAGE_SIZES = {
  full: '(min-width: 56rem) 52rem, 100vw',
  half: '(min-width: 56rem) 26rem, 50vw',
};
/**
 * The id of the JSON block in which GET / carries the viewer's first feed page (FeedPost[], the
 * API's answer), so the feed shows without asking for it (decision 018).
 */
export const FEED_FIRST_PAGE_ID = 'feed-first-page';
export const COMMENT_MAX = 2000;

/** SPEC §5: the caption must not be blank after trimming. */
export const createPostBody = z.object({
  caption: text().trim().min(1, POST_TEXTS.captionRequired).max(CAPTION_MAX),
  images: z.array(imageRef).max(MAX_POST_IMAGES).default([]),
  /** The event the post is about (issue 26, "at Operation Northwind"): an existing event, or none. */
  eventId: uuid().nullable().optional(),
});
export type CreatePostBody = z.infer<typeof createPostBody>;

/** The Create Post dialog's form adds the image-address field, which is never sent. */
export const createPostForm = createPostBody.extend({ url: z.string() });
export type CreatePostForm = z.input<typeof createPostForm>;

export const commentBody = z.object({ content: text().trim().min(1).max(COMMENT_MAX) });
export type CommentBody = z.infer<typeof commentBody>;

/** The event a post is tagged with (issue 26): the card shows "at <title>" linking to /events/{id}. */
export const postEvent = z.object({ id: z.uuid(), title: z.string() });
export type PostEvent = z.infer<typeof postEvent>;

/** Post (feed card), SPEC §3. */
export const feedPost = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  user: z.object({ username: z.string(), avatar: z.string().nullable() }),
  caption: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
  likesCount: z.number(),
  commentsCount: z.number(),
  /** The event it is tagged with, or null (issue 26). */
  event: postEvent.nullable(),
  isLiked: z.boolean(),
  /** Whether the signed-in viewer keeps this post in their bookmarks (false when signed out). */
  isBookmarked: z.boolean(),
  /** The viewer's ability (its author or an admin): the web shows Delete from it. */
  canDelete: z.boolean(),
  /** The viewer may report it (signed in, not suspended, not its author: reports/policy.ts canReport). */
  canReport: z.boolean(),
  media: mediaMap.optional(),
});
export type FeedPost = z.infer<typeof feedPost>;

/** SPEC §3 Comment. */
export const comment = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.object({ id: z.uuid(), username: z.string(), avatar: z.string().nullable() }),
  /** The viewer's abilities: edit (its author), delete (its author or an admin). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** The viewer may report it (signed in, not suspended, not its author: reports/policy.ts canReport). */
  canReport: z.boolean(),
  media: mediaMap.optional(),
});
export type Comment = z.infer<typeof comment>;

export const likeAnswer = z.object({ isLiked: z.boolean(), likesCount: z.number() });
export type LikeAnswer = z.infer<typeof likeAnswer>;

/** PUT and DELETE /api/posts/{id}/bookmark answer the post's new state for the viewer. */
export const bookmarkAnswer = z.object({ isBookmarked: z.boolean() });
export type BookmarkAnswer = z.infer<typeof bookmarkAnswer>;

/** The Bookmarks page and the bookmark button (issue 20; not in the spec). */
export const BOOKMARK_TEXTS = {
  title: 'Bookmarks',
  subtitle: 'Posts you saved to read again.',
  empty: 'No bookmarks yet.',
  emptyHint: 'Press the bookmark on a post to keep it here.',
  loading: 'Loading bookmarks...',
  fetchFailed: 'Failed to fetch bookmarks',
  bookmarked: 'Remove bookmark',
  saveFailed: 'Failed to update bookmark',
} as const;

/** A post's own page, /posts/{id} (issue 20). */
export const POST_PAGE_TEXTS = {
  backToFeed: 'Back to the feed',
  loading: 'Loading post...',
  fetchFailed: 'Failed to fetch post',
} as const;

/**
 * The id of the JSON block in which the HTML of /posts/{id} carries `GET /api/posts/{id}`'s answer
 * for the viewer, so the page shows without asking for it (decision 020).
 */
export const POST_PAGE_DATA_ID = 'post-page-data';
/** The block of /posts/{id}'s HTML with the first page of its comments (GET /api/posts/{id}/comments?limit=50). */
export const POST_COMMENTS_DATA_ID = 'post-comments-data';
/** The comments asked for at once (the comments panel's page). */
export const COMMENTS_PAGE_SIZE = 50;

export const POST_ACTIONS = ['create', 'delete', 'like', 'unlike', 'comment'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

/**
 * Moderate Posts (issue 24): GET /api/admin/posts and GET /api/admin/comments, newest first, with
 * a search in the text (`q`) and in the author's name (`author`); `before` is the last item's id.
 */
export const moderationQuery = pageQuery.extend({
  q: text().trim().max(100).optional(),
  author: text().trim().max(40).optional(),
  before: uuid().optional(),
});
export type ModerationQuery = z.input<typeof moderationQuery>;

/** A comment as Moderate Posts lists it: with the start of its post's caption. */
export const moderationComment = comment.extend({ postExcerpt: z.string() });
export type ModerationComment = z.infer<typeof moderationComment>;
