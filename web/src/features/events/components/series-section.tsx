import type { Event } from '@contract/events';
import { SERIES_TEXTS } from '@contract/series';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/lazy-confirm-dialog';
import { toast } from '@web/lib/toast';
import { CalendarCheck, Repeat } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { seriesPath, useConfirmGame, useSeries } from '../api/series';
import { useUpdateEvent } from '../api/update-event';
import { SeriesGames, SeriesGamesSkeleton } from './series-games';

const T = SERIES_TEXTS;
const RepeatDialog = lazy(() => import('./repeat-dialog').then((m) => ({ default: m.RepeatDialog })));

/**
 * The event page's Series card (issue 26): a game of a series lists the series' games with a link
 * to its page; its organisers see "Confirm this game" when it waits for confirmation, and on an
 * upcoming event outside a series, "Repeat…" (the dialog). Nothing for anyone else.
 */
export function SeriesSection({ event }: { event: Event }) {
  const canManage = !!event.abilities?.canManage;
  const [repeating, setRepeating] = useState(false);
  if (!event.seriesId && !(canManage && !event.isPast)) return null;
  return (
    <Card id="series" data-testid="series">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Repeat className="size-5" aria-hidden="true" />
          {T.series}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {event.cancelled ? (
          <p role="status" className="rounded-md bg-destructive/15 p-3 text-sm font-medium text-destructive">
            {T.gameCancelled}
          </p>
        ) : null}
        {event.needsConfirmation ? <ConfirmGame event={event} /> : null}
        {event.seriesId ? (
          <>
            <SeriesOf seriesId={event.seriesId} currentId={event.id} />
            {canManage && !event.cancelled && !event.isPast ? <CancelGame event={event} /> : null}
          </>
        ) : (
          <>
            <Button className="min-h-11" variant="outline" onClick={() => setRepeating(true)}>
              {T.repeat}
            </Button>
            {repeating ? (
              <Suspense fallback={null}>
                <RepeatDialog event={event} open={repeating} onOpenChange={setRepeating} />
              </Suspense>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ConfirmGame({ event }: { event: Event }) {
  const confirm = useConfirmGame(event.id, T.confirmGame);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-primary/40 bg-primary/10 p-3 text-sm"
    >
      <p className="min-w-48 flex-1">{T.needsConfirmation}</p>
      <Button
        className="min-h-11"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(undefined, { onSuccess: () => toast({ title: T.confirmed }) })}
      >
        <CalendarCheck className="size-4" aria-hidden="true" />
        {T.confirmGame}
      </Button>
    </div>
  );
}

/** "Cancel this game": kept with its registrations, its players told (PATCH cancelled: true). */
function CancelGame({ event }: { event: Event }) {
  const update = useUpdateEvent();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="min-h-11" disabled={update.isPending}>
          {T.cancelGame}
        </Button>
      }
      title={T.cancelGame}
      description={T.cancelGameWarning}
      confirmLabel={T.cancelGame}
      onConfirm={() => update.mutate({ id: event.id, body: { cancelled: true } })}
    />
  );
}

function SeriesOf({ seriesId, currentId }: { seriesId: string; currentId: string }) {
  const series = useSeries(seriesId);
  if (series.isPending) return <SeriesGamesSkeleton />;
  if (series.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {T.seriesNotFound}
      </p>
    );
  return (
    <>
      <SeriesGames games={series.data.games} currentId={currentId} />
      <Button asChild variant="link" className="min-h-11 px-0">
        <Link to={seriesPath(seriesId)}>{T.viewSeries}</Link>
      </Button>
    </>
  );
}
