import { registrationLabel } from '@contract/events';
import { SERIES_TEXTS, type SeriesGame } from '@contract/series';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { Link } from 'react-router';
import { formatEventDate } from './event-format';

const T = SERIES_TEXTS;

/** The games of a series, soonest first: date, title, status, players; the current one marked. */
export function SeriesGames({ games, currentId }: { games: readonly SeriesGame[]; currentId?: string }) {
  if (games.length === 0) return <p className="text-sm text-muted-foreground">{T.noGames}</p>;
  return (
    <ol className="divide-y divide-border" aria-label={T.seriesGames}>
      {games.map((g) => (
        <li key={g.id}>
          <Link
            to={`/events/${encodeURIComponent(g.id)}`}
            aria-current={g.id === currentId ? 'page' : undefined}
            className={cn(
              'flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md px-2 py-2 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              g.id === currentId && 'bg-accent/60 font-semibold',
              g.status !== 'scheduled' && 'text-muted-foreground',
            )}
          >
            <span className="min-w-0">
              <time dateTime={g.date} className={cn(g.status === 'cancelled' && 'line-through')}>
                {formatEventDate(g.date, g.timeZone)}
              </time>
              <span className="block truncate text-xs text-muted-foreground">{g.title}</span>
            </span>
            <span className="flex items-center gap-2 text-xs">
              {g.status === 'cancelled' ? (
                <span className="rounded bg-destructive/15 px-1.5 py-0.5 text-destructive">
                  {T.cancelled}
                </span>
              ) : g.status === 'past' ? null : (
                registrationLabel(g)
              )}
              {g.confirmed ? <span className="text-primary">✓</span> : null}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

export function SeriesGamesSkeleton() {
  return (
    <div className="space-y-2" aria-busy="true">
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}
