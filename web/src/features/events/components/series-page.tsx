import { SERIES_FREQUENCY_LABELS, SERIES_TEXTS } from '@contract/series';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api';
import { Repeat } from 'lucide-react';
import { useSeries } from '../api/series';
import { SeriesGames, SeriesGamesSkeleton } from './series-games';
import { SubscribeLink } from './subscribe-link';

const T = SERIES_TEXTS;

/** /events/series/{id} (issue 26): the games of a series, soonest first, and its calendar feed. */
export function SeriesView({ id }: { id: string }) {
  const series = useSeries(id);
  if (series.isPending)
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">{T.series}</h1>
        <SeriesGamesSkeleton />
      </div>
    );
  if (series.isError) {
    const missing = series.error instanceof ApiError && [400, 404].includes(series.error.status);
    return (
      <div role="alert" className="space-y-3 rounded-xl border border-dashed border-border p-10 text-center">
        <p className="text-muted-foreground">{missing ? T.seriesNotFound : 'Failed to load the series'}</p>
        {missing ? null : (
          <Button variant="outline" className="min-h-11" onClick={() => void series.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const { games, frequency, icsUrl } = series.data;
  return (
    <article className="space-y-4" aria-labelledby="series-title">
      <header className="space-y-2">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Repeat className="size-4" aria-hidden="true" />
          {SERIES_FREQUENCY_LABELS[frequency]}
        </p>
        <h1 id="series-title" className="text-2xl font-bold tracking-tight">
          {games[0]?.title ?? T.series}
        </h1>
        <SubscribeLink href={icsUrl} />
      </header>
      <section className="rounded-xl border border-border bg-card p-2">
        <SeriesGames games={games} />
      </section>
    </article>
  );
}
