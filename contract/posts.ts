import { mediaMap, text } from './common';
import { MAX_POST_IMAGES } from './constants';
import { z } from './messages';
import { imageRef } from './profiles';

export const CAPTION_MAX = 2200;
export const COMMENT_MAX = 2000;

/** SPEC §5: the caption must not be blank after trimming. */
export const createPostBody = z.object({
  caption: text().trim().min(1, 'Please add a caption to your post').max(CAPTION_MAX),
  images: z.array(imageRef).max(MAX_POST_IMAGES).default([]),
});
export type CreatePostBody = z.infer<typeof createPostBody>;

export const commentBody = z.object({ content: text().trim().min(1).max(COMMENT_MAX) });
export type CommentBody = z.infer<typeof commentBody>;

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
  media: mediaMap.optional(),
});
export type Comment = z.infer<typeof comment>;

export const likeAnswer = z.object({ isLiked: z.boolean(), likesCount: z.number() });
export type LikeAnswer = z.infer<typeof likeAnswer>;

export const blockedWordBody = z.object({ word: text().trim().min(1).max(100) });
export const blockedWord = z.object({ id: z.uuid(), word: z.string() });
export type BlockedWord = z.infer<typeof blockedWord>;

export const POST_ACTIONS = ['create', 'delete', 'like', 'unlike', 'comment'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];
