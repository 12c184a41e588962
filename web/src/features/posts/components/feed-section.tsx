import { FEED_TEXTS } from '@contract/posts';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useAfterPaint } from '@web/lib/use-after-paint';
import { CheckCircle2, MessageSquarePlus, RotateCw } from 'lucide-react';
import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { hasEmbeddedFeedPage } from '../api/embedded-feed';
import { useFeed } from '../api/get-feed';
import type { PostCard as PostCardComponent } from './post-card';
import { PostCardSkeleton } from './post-card-skeleton';

// Not in the first paint (skeletons and the heading are): the cards' code loads beside the feed's
// first page, from the feed's first render; the Create Post dialog (form, uploader) beside the
// user. Once it has come, cards render at once (no suspending), so a first page that came with
// the HTML shows in the first commit.
let LoadedPostCard: ComponentType<PostCardProps> | undefined;
let cardsLoading: Promise<unknown> | undefined;
const loadPostCard = () =>
  (cardsLoading ??= import('./post-card').then((m) => {
    LoadedPostCard = m.PostCard;
  }));
const LazyPostCard = lazy(() => import('./post-card').then((m) => ({ default: m.PostCard })));
const PostCard = (props: PostCardProps) => {
  // Chosen once per card: a card hydrated through the lazy one keeps it when the code has come,
  // rather than being built again as another component.
  const [Card] = useState(() => LoadedPostCard ?? LazyPostCard);
  return <Card {...props} />;
};
const CreatePostControl = lazy(() =>
  import('./create-post-dialog').then((m) => ({ default: m.CreatePostControl })),
);

/**
 * Resolves once the cards' code is here when the HTML carried the first feed page (main.tsx
 * waits for it before the first render, decision 018); at once otherwise.
 */
export function preloadFeedCards(): Promise<unknown> {
  return hasEmbeddedFeedPage() ? loadPostCard() : Promise.resolve();
}

const T = FEED_TEXTS;
/** The cards the feed renders at once; the others come in a second commit, after the first paint. */
const FIRST_CARDS = 3;
type PostCardProps = ComponentProps<typeof PostCardComponent>;

/**
 * The community feed section of the home page: heading with the post-creation control, then the
 * posts, 20 at a time. The next page loads as the end of the list nears (with a Load more button
 * for keyboards and browsers without IntersectionObserver).
 */
export function FeedSection({ id }: { id?: string }) {
  if (typeof window !== 'undefined') void loadPostCard();
  const feed = useFeed();
  const posts = feed.data?.pages.flat() ?? [];
  const firstWithImages = posts.findIndex((post) => post.images.length > 0);
  // The first cards in the first commit (the server renders the same, decision 020), the others
  // and the foot of the list after the first paint: a phone shows one or two at first.
  const all = useAfterPaint(posts.length > 0);
  const shown = all ? posts : posts.slice(0, FIRST_CARDS);
  useScrollToSharedPost(shown.length);

  return (
    <section id={id} aria-labelledby="feed-heading" className="scroll-mt-20 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="feed-heading" className="text-2xl font-bold tracking-tight">
          {FEED_TEXTS.feedHeading}
        </h2>
        <Suspense fallback={null}>
          <CreatePostControl />
        </Suspense>
      </div>
      {feed.isPending ? (
        <FeedSkeleton />
      ) : !feed.data ? (
        <FeedError onRetry={() => void feed.refetch()} retrying={feed.isFetching} />
      ) : posts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
          <MessageSquarePlus className="size-8 text-primary" aria-hidden="true" />
          <p>{T.noPosts}</p>
        </div>
      ) : (
        <Suspense fallback={<FeedSkeleton />}>
          <ul className="space-y-4" aria-label={T.postsList}>
            {shown.map((post, i) => (
              <li key={post.id}>
                {/* The first image of the feed is fetched at once, with high priority. */}
                <PostCard post={post} priority={i === firstWithImages} />
              </li>
            ))}
          </ul>
          {all ? (
            <FeedEnd
              hasNextPage={feed.hasNextPage}
              isFetchingNextPage={feed.isFetchingNextPage}
              failed={feed.isFetchNextPageError}
              pages={feed.data.pages.length}
              fetchNextPage={() => void feed.fetchNextPage()}
            />
          ) : null}
        </Suspense>
      )}
    </section>
  );
}

function FeedSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <PostCardSkeleton />
      <PostCardSkeleton />
      <PostCardSkeleton />
    </div>
  );
}

function FeedError({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-border p-8 text-center">
      <p className="text-sm text-destructive">{T.fetchPostsFailed}</p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCw className={retrying ? 'animate-spin' : undefined} aria-hidden="true" />
        {T.tryAgain}
      </Button>
    </div>
  );
}

/** The foot of the list: a sentinel that loads the next page, Load more, progress, the end. */
function FeedEnd({
  hasNextPage,
  isFetchingNextPage,
  failed,
  pages,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  failed: boolean;
  pages: number;
  fetchNextPage: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !failed;

  // A new observer per page: its first report tells whether the end is still in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pages` re-arms the observer after each page.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !canAutoLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          fetchNextPage();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [canAutoLoad, pages]);

  return (
    <div ref={sentinel} className="flex min-h-12 items-center justify-center py-2">
      {failed ? (
        <FeedError onRetry={fetchNextPage} />
      ) : isFetchingNextPage ? (
        <Spinner label={T.loadingMore} className="text-primary" />
      ) : hasNextPage ? (
        <Button variant="outline" onClick={fetchNextPage}>
          {T.loadMore}
        </Button>
      ) : (
        <p className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {T.caughtUp}
        </p>
      )}
    </div>
  );
}

/** A shared link (`/?post=<id>`) scrolls to that post once it is in the list. */
function useScrollToSharedPost(count: number) {
  const [params] = useSearchParams();
  const postId = params.get('post');
  const done = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `count` re-checks after each page arrives.
  useEffect(() => {
    if (!postId || !/^[\w-]+$/.test(postId) || done.current === postId) return;
    const card = document.querySelector<HTMLElement>(`[data-post-id="${postId}"]`);
    if (!card) return;
    done.current = postId;
    card.scrollIntoView({ block: 'center' });
    card.setAttribute('tabindex', '-1');
    card.focus({ preventScroll: true });
  }, [postId, count]);
}
