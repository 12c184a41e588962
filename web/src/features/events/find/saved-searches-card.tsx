import { SAVED_SEARCH_TEXTS, savedSearchQueryString } from '@contract/saved-searches';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useDeleteSavedSearch, useSavedSearches } from './api';

const S = SAVED_SEARCH_TEXTS;

/** Settings' "Saved searches" (issue 26): each opens the Events view with its filters, or is deleted. */
export function SavedSearchesCard() {
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch(S.remove);
  return (
    <Card data-testid="saved-searches">
      <CardHeader>
        <CardTitle>{S.section}</CardTitle>
      </CardHeader>
      <CardContent>
        {searches.isPending ? (
          <Skeleton className="h-11 w-full" />
        ) : searches.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {S.loadFailed}
          </p>
        ) : searches.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{S.empty}</p>
        ) : (
          <ul className="divide-y divide-border">
            {searches.data.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 py-1">
                <Link
                  to={`/events?${savedSearchQueryString(s.filters)}&view=grid`}
                  className="flex min-h-11 min-w-0 flex-1 items-center truncate font-medium hover:underline"
                >
                  {s.name}
                </Link>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-11"
                  aria-label={S.removeLabel(s.name)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(s.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
