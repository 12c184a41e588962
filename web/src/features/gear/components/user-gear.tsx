import { GEAR_TEXTS } from '@contract/gear';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUserGear } from '../api/get-gear';
import { oneDecimal } from './stars';

const T = GEAR_TEXTS;

/** A player's gear on their profile: photo, title, category, the average to one decimal and the count. */
export function UserGear({ userId }: { userId: string }) {
  const gear = useUserGear(userId);
  const list = gear.data?.pages.flat() ?? [];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{T.myGear}</CardTitle>
      </CardHeader>
      <CardContent>
        {gear.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : gear.isError ? (
          <p className="text-sm text-destructive">{T.fetchFailed}</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noGear}</p>
        ) : (
          <ul className="space-y-2" aria-label={T.myGear}>
            {list.map((g) => (
              <li key={g.id} className="flex items-center gap-3 rounded-lg border border-border p-2">
                <RemoteImage
                  address={g.image}
                  media={g.media}
                  alt=""
                  sizes="48px"
                  className="size-12 shrink-0 rounded-md bg-muted object-cover"
                  fallback="gear"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{g.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {g.category} ·{' '}
                    {g.totalRatings > 0
                      ? `${oneDecimal(g.averageRating)} (${T.ratings(g.totalRatings)})`
                      : T.noRatings}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {gear.hasNextPage ? (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 w-full"
            onClick={() => void gear.fetchNextPage()}
            disabled={gear.isFetchingNextPage}
          >
            {T.loadMore}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
