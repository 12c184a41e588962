import { GEAR_CATEGORIES, GEAR_TEXTS, type GearCategory } from '@contract/gear';
import { Button } from '@web/components/ui/button';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { Info, Trophy } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTopRated } from '../api/get-gear';
import { RatingSummary } from './stars';

const T = GEAR_TEXTS;

/**
 * Top Rated: rated gear by the Bayesian weighted rating (the page says so), with the raw average
 * to one decimal and the count; a category filter; more with Load more.
 */
export function TopRated() {
  const [category, setCategory] = useState<GearCategory | null>(null);
  const top = useTopRated(category);
  const id = useId();
  const list = top.data?.pages.flat() ?? [];

  return (
    <section aria-label={T.topTab} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="flex max-w-prose items-start gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {T.weightedNote}
        </p>
        <div className="grid gap-1">
          <label htmlFor={`${id}-category`} className="text-sm font-medium">
            {T.category}
          </label>
          <select
            id={`${id}-category`}
            value={category ?? ''}
            onChange={(e) => setCategory((e.target.value || null) as GearCategory | null)}
            className="h-9 rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <option value="">{T.allCategories}</option>
            {GEAR_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>

      {top.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : top.isError ? (
        <div className="flex flex-col items-center gap-3 p-8 text-center">
          <p className="text-destructive">{T.fetchFailed}</p>
          <Button variant="outline" onClick={() => void top.refetch()}>
            {T.tryAgain}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border p-10 text-center">
          <Trophy className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground">{T.noTopRated}</p>
        </div>
      ) : (
        <ol className="grid gap-3" aria-label={T.topTab}>
          {list.map((g, i) => (
            <li key={g.id} className="flex gap-3 rounded-xl border border-border bg-card p-3">
              <span className="w-6 shrink-0 pt-1 text-center font-semibold text-muted-foreground">
                {i + 1}
              </span>
              <RemoteImage
                address={g.image}
                media={g.media}
                alt=""
                sizes="96px"
                className="size-20 shrink-0 rounded-md bg-muted object-cover sm:size-24"
                fallback="gear"
              />
              <div className="grid min-w-0 content-start gap-1">
                <h3 className="font-semibold break-words">{g.title}</h3>
                <p className="text-xs text-muted-foreground">
                  {g.category} · {T.by}{' '}
                  <Link
                    to={`/profile/${encodeURIComponent(g.user.username)}`}
                    className="underline-offset-2 hover:underline"
                  >
                    {g.user.username}
                  </Link>
                </p>
                <RatingSummary average={g.averageRating} count={g.totalRatings} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {top.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void top.fetchNextPage()}
          disabled={top.isFetchingNextPage}
        >
          {T.loadMore}
        </Button>
      ) : null}
    </section>
  );
}
