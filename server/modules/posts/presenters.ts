import type { Comment, FeedPost } from '../../../contract';
import type { SharedCard } from '../../context';
import { iso } from '../../db/rows';
import type { SessionUser } from '../auth';
import { canReport } from '../reports';
import { can } from './policy';
import type { CommentRow, FeedRow } from './queries';

/**
 * The posts module's presenters: the rows of queries.ts (typed from the schema) to the contract's
 * shapes, with the viewer's abilities (policy.ts).
 */

/**
 * The one FeedPost presenter: a card as every viewer sees it, the viewer's like and bookmark, and
 * the viewer's abilities on it (posts/policy.ts), so that the web never re-derives a rule.
 */
export const presentPost = (
  card: SharedCard,
  isLiked: boolean,
  viewer: SessionUser | null,
  isBookmarked = false,
): FeedPost => ({
  ...card,
  isLiked,
  isBookmarked: viewer ? isBookmarked : false,
  canDelete: can(viewer, 'delete', { authorId: card.userId }),
  canReport: canReport(viewer, { authorId: card.userId }),
});

export type CardWithLike = SharedCard & { isLiked: boolean; isBookmarked: boolean };

/** A feed row as the card every viewer shares, with this viewer's like and bookmark. */
export const presentCard = (r: FeedRow): CardWithLike => ({
  id: r.id,
  userId: r.userId,
  user: { username: r.username, avatar: r.avatar },
  caption: r.caption,
  images: r.images ?? [],
  createdAt: iso(r.createdAt),
  likesCount: r.likesCount,
  commentsCount: r.commentsCount,
  event: r.eventId && r.eventTitle ? { id: r.eventId, title: r.eventTitle } : null,
  isLiked: r.isLiked,
  isBookmarked: r.isBookmarked,
});

/** A feed row as this viewer's FeedPost. */
export function presentRow(r: FeedRow, viewer: SessionUser | null): FeedPost {
  const { isLiked, isBookmarked, ...card } = presentCard(r);
  return presentPost(card, isLiked, viewer, isBookmarked);
}

/** The one Comment presenter: the row, and the viewer's abilities on it. */
export const presentComment = (r: CommentRow, viewer: SessionUser | null): Comment => ({
  id: r.id,
  postId: r.postId,
  content: r.content,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
  user: { id: r.userId, username: r.username, avatar: r.avatar },
  canEdit: can(viewer, 'edit', { authorId: r.userId }),
  canDelete: can(viewer, 'delete', { authorId: r.userId }),
  canReport: canReport(viewer, { authorId: r.userId }),
});
