import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';

/** A post card's shape while the feed (or the card's code) loads. */
export function PostCardSkeleton() {
  return (
    <Card className="p-4" aria-busy="true">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-2/3" />
      <Skeleton className="mt-4 h-48 w-full" />
    </Card>
  );
}
