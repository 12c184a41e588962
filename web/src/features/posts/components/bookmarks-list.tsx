import { BOOKMARK_TEXTS, FEED_TEXTS } from '@contract/posts';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Bookmark, RotateCw } from 'lucide-react';
import { useBookmarks } from '../api/get-bookmarks';
import { PostCard } from './post-card';
import { PostCardSkeleton } from './post-card-skeleton';

const T = BOOKMARK_TEXTS;

/**
 * The signed-in player's bookmarks (GET /api/user/bookmarks), the newest bookmark first, in the
 * feed's cards, 20 at a time with Load more; loading, empty and error states.
 */
export function BookmarksList() {
  const bookmarks = useBookmarks();
  const posts = bookmarks.data?.pages.flat() ?? [];

  if (bookmarks.isPending)
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label={T.loading}>
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  if (!bookmarks.data)
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-border p-8 text-center">
        <p className="text-sm text-destructive">{T.fetchFailed}</p>
        <Button
          variant="outline"
          className="min-h-11"
          onClick={() => void bookmarks.refetch()}
          disabled={bookmarks.isFetching}
        >
          <RotateCw className={bookmarks.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          {FEED_TEXTS.tryAgain}
        </Button>
      </div>
    );
  if (posts.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
        <Bookmark className="size-8 text-primary" aria-hidden="true" />
        <p className="font-medium text-foreground">{T.empty}</p>
        <p className="text-sm">{T.emptyHint}</p>
      </div>
    );
  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label={T.title}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <div className="flex min-h-12 items-center justify-center py-2">
        {bookmarks.isFetchingNextPage ? (
          <Spinner label={T.loading} className="text-primary" />
        ) : bookmarks.isFetchNextPageError ? (
          <Button variant="outline" className="min-h-11" onClick={() => void bookmarks.fetchNextPage()}>
            <RotateCw aria-hidden="true" />
            {FEED_TEXTS.tryAgain}
          </Button>
        ) : bookmarks.hasNextPage ? (
          <Button variant="outline" className="min-h-11" onClick={() => void bookmarks.fetchNextPage()}>
            {FEED_TEXTS.loadMore}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
