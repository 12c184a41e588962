import { EVENT_PHOTOS_TEXTS, type EventPhoto } from '@contract/event-photos';
import type { Event } from '@contract/events';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { ChevronLeft, ChevronRight, Images } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEventPhotos } from './api';

const T = EVENT_PHOTOS_TEXTS;
/** Three thumbnails a row on a 360 px phone, four from sm, six from md. */
const THUMB_SIZES = '(min-width: 48rem) 10rem, 33vw';

/**
 * The event page's Photos section (issue 26): a grid of the images of the posts tagged with the
 * event, newest first, each opening a viewer (previous / next by button or arrow key, a link to
 * its post). Before the start: "Photos appear here once the game has started."
 */
export function EventPhotosSection({ event }: { event: Pick<Event, 'id'> }) {
  const query = useEventPhotos(event.id);
  const [shown, setShown] = useState<number | null>(null);
  const pages = query.data?.pages ?? [];
  const photos = pages.flatMap((p) => p.photos);
  const open = pages[0]?.open;
  return (
    <Card id="photos" data-testid="event-photos" aria-labelledby="event-photos-title">
      <CardHeader>
        <CardTitle id="event-photos-title" className="flex items-center gap-2">
          <Images className="size-5" aria-hidden="true" />
          {T.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="aspect-square w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {T.loadFailed}
          </p>
        ) : !open ? (
          <p className="text-sm text-muted-foreground">{T.notYet}</p>
        ) : photos.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.empty}</p>
        ) : (
          <>
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
              {photos.map((p, i) => (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => setShown(i)}
                    aria-label={T.photoBy(p.user.username)}
                    className="block aspect-square w-full overflow-hidden rounded-md border border-border outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <RemoteImage
                      address={p.image}
                      media={p.media}
                      alt=""
                      sizes={THUMB_SIZES}
                      loading="lazy"
                      className="size-full bg-muted object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
            {query.hasNextPage ? (
              <Button
                variant="outline"
                className="min-h-11 w-full"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? T.loadingMore : T.loadMore}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
      <PhotoViewer photos={photos} index={shown} onIndex={setShown} />
    </Card>
  );
}

/** The viewer: one photo large, with its author, a link to its post, and previous / next. */
function PhotoViewer({
  photos,
  index,
  onIndex,
}: {
  photos: EventPhoto[];
  index: number | null;
  onIndex: (i: number | null) => void;
}) {
  const photo = index === null ? undefined : photos[index];
  const go = (step: number) => {
    if (index === null) return;
    const next = index + step;
    if (next >= 0 && next < photos.length) onIndex(next);
  };
  return (
    <Dialog open={!!photo} onOpenChange={(o) => (o ? null : onIndex(null))}>
      <DialogContent
        className="max-w-3xl gap-3 p-3 sm:p-4"
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft') go(-1);
          if (e.key === 'ArrowRight') go(1);
        }}
      >
        {photo ? (
          <>
            <DialogTitle className="pr-8 text-base">{T.photoBy(photo.user.username)}</DialogTitle>
            <DialogDescription className="sr-only">
              {index !== null ? `${index + 1} / ${photos.length}` : ''}
            </DialogDescription>
            <RemoteImage
              address={photo.image}
              media={photo.media}
              alt={T.photoBy(photo.user.username)}
              sizes="(min-width: 48rem) 46rem, 100vw"
              className="max-h-[70vh] w-full rounded-md bg-muted object-contain"
            />
            <div className="flex items-center justify-between gap-2">
              <Button
                variant="outline"
                size="icon"
                className="size-11"
                aria-label={T.previous}
                disabled={index === 0}
                onClick={() => go(-1)}
              >
                <ChevronLeft aria-hidden="true" />
              </Button>
              <Link
                to={`/posts/${encodeURIComponent(photo.postId)}`}
                className="inline-flex min-h-11 items-center text-sm font-medium text-primary hover:underline"
              >
                {T.openPost}
              </Link>
              <Button
                variant="outline"
                size="icon"
                className="size-11"
                aria-label={T.next}
                disabled={index === photos.length - 1}
                onClick={() => go(1)}
              >
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
