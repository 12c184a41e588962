import type { MediaMap } from '@contract/common';
import { POST_EVENT_TEXTS } from '@contract/event-photos';
import {
  BOOKMARK_TEXTS,
  FEED_TEXTS,
  type FeedPost,
  MAX_POST_IMAGES_SHOWN,
  POST_IMAGE_SIZES,
} from '@contract/posts';
import { ReportButton } from '@web/components/report-button';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/lazy-confirm-dialog';
import { RemoteImage } from '@web/components/ui/remote-image';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { Bookmark, Heart, LoaderCircle, MessageCircle, Share2, Trash2 } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useBookmarkPost } from '../api/bookmark-post';
import { useDeletePost } from '../api/delete-post';
import { useLikePost } from '../api/like-post';
import { Byline } from './byline';
import { MentionText } from './mention-text';

// The comments panel (its list, form and queries) loads when a card's comments are first opened;
// a post's own page, where they start open, passes it in (`commentsPanel`): nothing to wait for.
const LazyCommentsPanel = lazy(() => import('./comments-panel').then((m) => ({ default: m.CommentsPanel })));
type CommentsPanelType = ComponentType<{ id?: string; postId: string; open: boolean }>;

export { PostCardSkeleton } from './post-card-skeleton';

/** "at Operation Northwind" under the author (issue 26): the tagged event, linking to its page. */
function EventTag({ event }: { event: NonNullable<FeedPost['event']> }) {
  return (
    <span className="block truncate text-xs text-muted-foreground">
      {POST_EVENT_TEXTS.atEvent}{' '}
      <Link
        to={`/events/${encodeURIComponent(event.id)}`}
        className="font-medium text-foreground outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        {event.title}
      </Link>
    </span>
  );
}

const T = FEED_TEXTS;

/** The address a shared post opens: its own page, /posts/{id}. */
export const postShareUrl = (postId: string) =>
  `${window.location.origin}/posts/${encodeURIComponent(postId)}`;

/**
 * Share: the system share sheet when the browser has one, else the link goes to the clipboard
 * ('Link copied'). Closing the share sheet is not an error.
 */
export async function sharePost(post: FeedPost): Promise<void> {
  const url = postShareUrl(post.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `Post by ${post.user.username}`, text: post.caption, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Sharing refused (no user gesture, unsupported data): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: T.linkCopied });
  } catch {
    toast({ variant: 'destructive', title: T.copyFailed, description: url });
  }
}

/**
 * A post card (SPEC §2): author, relative time, caption, up to 4 images, then like, comments,
 * share and bookmark; the author and admins may delete it. Used by the feed, profile, bookmarks
 * and post pages. `priority`: this card holds the first image a visitor sees (the feed's first
 * card with images), fetched at once with high priority; every other image loads lazily.
 * `commentsOpen`: the comments start open (the post's own page), shown by `commentsPanel`.
 */
export function PostCard({
  post,
  className,
  priority = false,
  commentsOpen: startOpen = false,
  commentsPanel: CommentsPanel = LazyCommentsPanel,
}: {
  post: FeedPost;
  className?: string;
  priority?: boolean;
  commentsOpen?: boolean;
  commentsPanel?: CommentsPanelType;
}) {
  const { user, isLoading } = useUser();
  const navigate = useNavigate();
  const like = useLikePost(post.id);
  const bookmark = useBookmarkPost(post.id);
  const isBookmarked = Boolean(user) && post.isBookmarked;
  // Open from the first render on a post's own page: the server renders its comments with it.
  const [commentsOpen, setCommentsOpen] = useState(startOpen);
  // Once opened, the panel stays mounted (closed, it keeps its state as before).
  const [commentsLoaded, setCommentsLoaded] = useState(false);
  if (commentsOpen && !commentsLoaded) setCommentsLoaded(true);
  const ids = useId();
  const likesId = `${ids}-likes`;
  const commentsId = `${ids}-comments`;
  const panelId = `${ids}-panel`;
  const images = post.images.slice(0, MAX_POST_IMAGES_SHOWN);
  const hidden = post.images.length - images.length;
  const canDelete = post.canDelete;

  const onLike = () => {
    if (isLoading) return;
    if (!user) {
      navigate('/auth');
      return;
    }
    like.mutate(!post.isLiked);
  };

  const onBookmark = () => {
    if (isLoading) return;
    if (!user) {
      navigate('/auth');
      return;
    }
    bookmark.mutate(!post.isBookmarked);
  };

  return (
    <Card className={cn('overflow-hidden', className)}>
      <article aria-label={`Post by ${post.user.username}`} data-post-id={post.id}>
        <header className="flex items-center gap-3 p-4">
          <UserAvatar username={post.user.username} src={post.user.avatar} media={post.media} />
          <Byline
            username={post.user.username}
            createdAt={post.createdAt}
            className="min-w-0 flex-1"
            nameClassName="block"
          >
            {post.event ? <EventTag event={post.event} /> : null}
          </Byline>
          <ReportButton
            subjectType="post"
            subjectId={post.id}
            canReport={post.canReport}
            className="size-11"
          />
          {canDelete ? <DeletePostButton postId={post.id} /> : null}
        </header>
        {post.caption ? (
          <p className="px-4 pb-3 whitespace-pre-line break-words">
            <MentionText text={post.caption} />
          </p>
        ) : null}
        {images.length > 0 ? (
          <PostImages images={images} hidden={hidden} media={post.media} priority={priority} />
        ) : null}
        <footer className="flex items-center gap-1 px-2 py-2 text-muted-foreground sm:px-3">
          <Button
            variant="ghost"
            size="sm"
            className={cn('px-2.5', post.isLiked && 'text-primary hover:text-primary')}
            aria-pressed={post.isLiked}
            aria-label={post.isLiked ? T.unlike : T.like}
            aria-describedby={likesId}
            onClick={onLike}
          >
            <Heart className={cn(post.isLiked && 'fill-current')} aria-hidden="true" />
            <span className="tabular-nums" data-testid="likes-count" aria-hidden="true">
              {post.likesCount}
            </span>
            <span
              id={likesId}
              className="sr-only"
            >{`${post.likesCount} ${post.likesCount === 1 ? T.oneLike : T.likes}`}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={cn('px-2.5', commentsOpen && 'bg-accent text-accent-foreground')}
            aria-expanded={commentsOpen}
            aria-controls={panelId}
            aria-label={T.comments}
            aria-describedby={commentsId}
            onClick={() => setCommentsOpen((open) => !open)}
          >
            <MessageCircle aria-hidden="true" />
            <span className="tabular-nums" data-testid="comments-count" aria-hidden="true">
              {post.commentsCount}
            </span>
            <span
              id={commentsId}
              className="sr-only"
            >{`${post.commentsCount} ${post.commentsCount === 1 ? T.oneComment : T.commentsCount}`}</span>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={T.share}
            onClick={() => void sharePost(post)}
          >
            <Share2 aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className={cn('ml-auto size-9', isBookmarked && 'text-primary hover:text-primary')}
            aria-pressed={isBookmarked}
            aria-label={T.bookmark}
            title={isBookmarked ? BOOKMARK_TEXTS.bookmarked : T.bookmark}
            onClick={onBookmark}
          >
            <Bookmark className={cn(isBookmarked && 'fill-current')} aria-hidden="true" />
          </Button>
        </footer>
        {commentsOpen || commentsLoaded ? (
          <Suspense fallback={<div id={panelId} className="border-t border-border px-3 py-3 sm:px-4" />}>
            <CommentsPanel id={panelId} postId={post.id} open={commentsOpen} />
          </Suspense>
        ) : (
          <div id={panelId} hidden />
        )}
      </article>
    </Card>
  );
}

/** Delete, for the author or an admin, after a confirmation. */
function DeletePostButton({ postId }: { postId: string }) {
  const remove = useDeletePost();
  const onConfirm = () => remove.mutate(postId, { onSuccess: () => toast({ title: T.postDeleted }) });
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="size-9 shrink-0 text-muted-foreground hover:text-destructive"
          aria-label={T.deletePost}
          disabled={remove.isPending}
        >
          {remove.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
        </Button>
      }
      title={T.deletePostTitle}
      description={T.deletePostDescription}
      cancelLabel={T.cancel}
      confirmLabel={T.delete}
      onConfirm={() => void onConfirm()}
    />
  );
}

/**
 * SPEC §2 image layout: at most 4 shown; one image full width; two or more in two columns; of
 * three, the first spans both. More than 4: the last tile says how many are left out. Own images
 * come with srcset, width, height and a placeholder (RemoteImage); `priority` fetches the first
 * one at once with high priority, the others lazily.
 */
function PostImages({
  images,
  hidden,
  media,
  priority,
}: {
  images: string[];
  hidden: number;
  media?: MediaMap;
  priority: boolean;
}) {
  return (
    <div className={cn('grid gap-1', images.length > 1 && 'grid-cols-2')} data-testid="post-images">
      {images.map((src, i) => {
        const last = i === images.length - 1;
        const wide = images.length === 1 || (images.length === 3 && i === 0);
        const first = priority && i === 0;
        return (
          <div key={`${src}-${i}`} className={cn('relative', images.length === 3 && i === 0 && 'col-span-2')}>
            <RemoteImage
              address={src}
              media={media}
              alt=""
              sizes={wide ? POST_IMAGE_SIZES.full : POST_IMAGE_SIZES.half}
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : undefined}
              className={cn(
                'w-full bg-muted object-cover',
                images.length === 1 ? 'max-h-[32rem]' : 'aspect-square',
                images.length === 3 && i === 0 && 'aspect-[2/1]',
              )}
            />
            {last && hidden > 0 ? (
              <span className="absolute inset-0 flex items-center justify-center bg-black/55 text-2xl font-semibold text-white">
                +{hidden}
                <span className="sr-only"> {T.moreImages}</span>
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
