import { GEAR_TEXTS, type GearPost } from '@contract/gear';
import { ReportButton } from '@web/components/report-button';
import { Button } from '@web/components/ui/button';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { ChevronLeft, ChevronRight, PackageCheck, SkipForward } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRateGear } from '../api/gear-mutations';
import { useGearToRate } from '../api/get-gear';
import { RatingSummary, StarInput } from './stars';

const T = GEAR_TEXTS;

/**
 * Rate Gear (SPEC §2, §4): one item at a time. Previous, Skip and Next move through the list
 * locally; after a rating succeeds the next item shows; past the last item the list is fetched
 * again and starts at the first (skipped items come back, rated ones do not).
 */
export function RateGear() {
  const toRate = useGearToRate();
  const rate = useRateGear();
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<number | null>(null);

  if (toRate.isPending) return <RateGearSkeleton />;
  if (toRate.isError)
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-border bg-card p-8 text-center">
        <p className="text-destructive">{T.fetchFailed}</p>
        <Button variant="outline" onClick={() => void toRate.refetch()}>
          {T.tryAgain}
        </Button>
      </div>
    );

  const items = toRate.data;
  if (items.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card p-10 text-center">
        <PackageCheck className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold">{T.nothingToRate}</h2>
        <p className="max-w-sm text-sm text-muted-foreground">{T.nothingToRateHint}</p>
      </div>
    );

  const at = Math.min(index, items.length - 1);
  const item = items[at];
  const go = (next: number) => {
    setChoice(null);
    if (next >= items.length) {
      // Past the last: fetch again and start at the first.
      setIndex(0);
      void toRate.refetch();
    } else setIndex(Math.max(0, next));
  };

  const submit = () => {
    if (choice === null || !item.canRate) return;
    rate.mutate(
      { id: item.id, rating: choice },
      {
        onSuccess: (answer) => {
          // A fresh account's rating is kept but not counted yet: the server's message says when.
          if (!answer.counted && answer.message) toast({ title: T.ratingKept, description: answer.message });
          go(at + 1);
        },
      },
    );
  };

  return (
    <section aria-label={T.rateTab} className="mx-auto grid w-full max-w-xl gap-4">
      <GearItem item={item} position={T.position(at + 1, items.length)} busy={toRate.isFetching} />
      {item.canRate ? (
        <div className="grid justify-items-center gap-3">
          <StarInput value={choice} onChange={setChoice} disabled={rate.isPending} />
          <Button onClick={submit} disabled={choice === null || rate.isPending}>
            {rate.isPending ? T.submitting : T.submitRating}
          </Button>
        </div>
      ) : item.myRating !== null ? (
        <p className="text-center text-sm text-muted-foreground">
          {T.yourRating}: {T.stars(item.myRating)}
        </p>
      ) : null}
      <nav aria-label="Gear to rate" className="flex items-center justify-between gap-2">
        <Button variant="outline" onClick={() => go(at - 1)} disabled={at === 0}>
          <ChevronLeft aria-hidden="true" />
          {T.previous}
        </Button>
        <Button variant="ghost" onClick={() => go(at + 1)}>
          <SkipForward aria-hidden="true" />
          {T.skip}
        </Button>
        <Button variant="outline" onClick={() => go(at + 1)}>
          {T.next}
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
    </section>
  );
}

/** One gear item: photo, title, owner, category, description, the average and count. */
export function GearItem({ item, position, busy }: { item: GearPost; position?: string; busy?: boolean }) {
  return (
    <article
      className="overflow-hidden rounded-xl border border-border bg-card"
      aria-busy={busy || undefined}
    >
      <RemoteImage
        address={item.image}
        media={item.media}
        alt={item.title}
        sizes="(min-width: 640px) 576px, 100vw"
        className="aspect-[4/3] w-full bg-muted object-cover"
        fallback="gear"
      />
      <div className="grid gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold break-words">{item.title}</h2>
          {position ? <span className="shrink-0 text-xs text-muted-foreground">{position}</span> : null}
          <ReportButton
            subjectType="gear"
            subjectId={item.id}
            canReport={item.canReport}
            className="-mt-2 -mr-2"
          />
        </div>
        <p className="text-sm text-muted-foreground">
          <span className="rounded bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
            {item.category}
          </span>{' '}
          {T.by}{' '}
          <Link
            to={`/profile/${encodeURIComponent(item.user.username)}`}
            className="underline-offset-2 hover:underline"
          >
            {item.user.username}
          </Link>
        </p>
        {item.description ? (
          <p className="text-sm break-words whitespace-pre-line">{item.description}</p>
        ) : null}
        <RatingSummary average={item.averageRating} count={item.totalRatings} />
      </div>
    </article>
  );
}

function RateGearSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-xl gap-4" aria-busy="true">
      <Skeleton className="aspect-[4/3] w-full rounded-xl" />
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
