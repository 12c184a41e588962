import { GAMES_PLAYED_TEXTS, type PlayerGame } from '@contract/event-photos';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Swords } from 'lucide-react';
import { Link } from 'react-router';
import { usePlayerGames } from './api';

const T = GAMES_PLAYED_TEXTS;

const when = (g: PlayerGame) => {
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: g.timeZone }).format(
      new Date(g.date),
    );
  } catch {
    return new Date(g.date).toLocaleDateString();
  }
};

/**
 * A profile's "Games played" (issue 26): the events the player was checked in at, the latest first,
 * with their count: title (linking to the event), date, field or place, and the side they were on.
 */
export function GamesPlayed({ userId }: { userId: string }) {
  const query = usePlayerGames(userId);
  const pages = query.data?.pages ?? [];
  const games = pages.flatMap((p) => p.games);
  const count = pages[0]?.count;
  return (
    <Card data-testid="games-played" aria-labelledby="games-played-title">
      <CardHeader>
        <CardTitle id="games-played-title" className="flex items-center gap-2">
          <Swords className="size-5" aria-hidden="true" />
          {T.title}
          {count ? <span className="text-sm font-normal text-muted-foreground">{T.count(count)}</span> : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isPending ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {T.loadFailed}
          </p>
        ) : games.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.empty}</p>
        ) : (
          <>
            <ul className="space-y-2">
              {games.map((g) => (
                <li key={g.eventId} className="rounded-lg border border-border p-3 text-sm">
                  <Link
                    to={`/events/${encodeURIComponent(g.eventId)}`}
                    className="block font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {g.title}
                  </Link>
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                    <time dateTime={g.date}>{when(g)}</time>
                    <span aria-hidden="true">·</span>
                    {g.field ? (
                      <Link to={`/fields/${encodeURIComponent(g.field.id)}`} className="hover:underline">
                        {g.field.name}
                      </Link>
                    ) : (
                      <span>{g.location}</span>
                    )}
                    {g.side ? (
                      <>
                        <span aria-hidden="true">·</span>
                        <span className="inline-flex items-center gap-1">
                          <span
                            aria-hidden="true"
                            className="inline-block size-2.5 rounded-full"
                            style={{ backgroundColor: g.side.colour }}
                          />
                          {g.side.name}
                        </span>
                      </>
                    ) : null}
                  </span>
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
                {T.loadMore}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
