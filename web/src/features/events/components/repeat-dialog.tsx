import type { Event } from '@contract/events';
import {
  SERIES_FREQUENCIES,
  SERIES_FREQUENCY_LABELS,
  SERIES_LIMITS,
  SERIES_TEXTS,
  type SeriesFrequency,
  seriesDates,
  wallTimeDay,
} from '@contract/series';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/lib/toast';
import { useId, useMemo, useState } from 'react';
import { useCreateSeries } from '../api/series';
import { formatEventDate } from './event-format';

const T = SERIES_TEXTS;
const FIELD =
  'flex h-11 w-full rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * "Repeat…" (issue 26): how often, until a date or for a number of games, and the dates the
 * series will have (contract/series.ts seriesDates, as the server computes them), before it is made.
 */
export function RepeatDialog({
  event,
  open,
  onOpenChange,
}: {
  event: Event;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ids = useId();
  const [frequency, setFrequency] = useState<SeriesFrequency>('weekly');
  const [ends, setEnds] = useState<'count' | 'until'>('count');
  const [count, setCount] = useState('4');
  const [until, setUntil] = useState(() =>
    wallTimeDay(event.timeZone, Date.parse(event.date) + 28 * 86_400_000),
  );
  const create = useCreateSeries(event.id, T.repeatTitle);

  const body = useMemo(
    () =>
      ends === 'count'
        ? { frequency, count: Number.parseInt(count, 10) }
        : { frequency, until: /^\d{4}-\d{2}-\d{2}$/.test(until) ? until : undefined },
    [frequency, ends, count, until],
  );
  const plan = useMemo(() => {
    if (ends === 'count') {
      const n = body.count ?? Number.NaN;
      if (!(n >= SERIES_LIMITS.minCount && n <= SERIES_LIMITS.maxCount))
        return {
          ok: false as const,
          message: `${SERIES_LIMITS.minCount} to ${SERIES_LIMITS.maxCount} games`,
        };
    } else if (!body.until) return { ok: false as const, message: T.untilBeforeStart };
    return seriesDates({ date: event.date, endsAt: event.endsAt, timeZone: event.timeZone }, body);
  }, [body, ends, event]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!plan.ok) return;
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: T.created });
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.repeatTitle}</DialogTitle>
          <DialogDescription>{event.title}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label={T.repeatTitle}>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-frequency`}>{T.frequency}</Label>
            <select
              id={`${ids}-frequency`}
              className={FIELD}
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as SeriesFrequency)}
            >
              {SERIES_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {SERIES_FREQUENCY_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{T.endsBy}</legend>
            <label className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="radio"
                name={`${ids}-ends`}
                className="size-4"
                checked={ends === 'count'}
                onChange={() => setEnds('count')}
              />
              {T.byCount}
            </label>
            {ends === 'count' ? (
              <div className="grid gap-2 pl-7">
                <Label htmlFor={`${ids}-count`}>{T.count}</Label>
                <Input
                  id={`${ids}-count`}
                  type="number"
                  inputMode="numeric"
                  min={SERIES_LIMITS.minCount}
                  max={SERIES_LIMITS.maxCount}
                  className="h-11"
                  value={count}
                  onChange={(e) => setCount(e.target.value)}
                />
              </div>
            ) : null}
            <label className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="radio"
                name={`${ids}-ends`}
                className="size-4"
                checked={ends === 'until'}
                onChange={() => setEnds('until')}
              />
              {T.byDate}
            </label>
            {ends === 'until' ? (
              <div className="grid gap-2 pl-7">
                <Label htmlFor={`${ids}-until`}>{T.until}</Label>
                <Input
                  id={`${ids}-until`}
                  type="date"
                  className="h-11"
                  value={until}
                  onChange={(e) => setUntil(e.target.value)}
                />
              </div>
            ) : null}
          </fieldset>
          <section aria-labelledby={`${ids}-preview`} className="grid gap-2">
            <h3 id={`${ids}-preview`} className="text-sm font-medium">
              {T.preview}
              {plan.ok ? ` (${plan.dates.length})` : ''}
            </h3>
            {plan.ok ? (
              <ol
                className="max-h-48 overflow-y-auto rounded-md border border-border p-2 text-sm"
                data-testid="series-preview"
              >
                {plan.dates.map((d) => (
                  <li key={d.date} className="py-0.5">
                    <time dateTime={d.date}>{formatEventDate(d.date, event.timeZone)}</time>
                  </li>
                ))}
              </ol>
            ) : (
              <p role="alert" className="text-sm text-destructive">
                {plan.message}
              </p>
            )}
          </section>
          <DialogFooter>
            <Button type="submit" className="min-h-11" disabled={!plan.ok || create.isPending}>
              {T.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
