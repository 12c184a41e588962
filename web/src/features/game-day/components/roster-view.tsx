import {
  GAME_DAY_TEXTS,
  ROSTER_STATUSES,
  type RosterEntry,
  WAIVER_STATE_LABELS,
  type WaiverState,
} from '@contract/game-day';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { Download, Printer } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { rosterCsvUrl, useMoveSide, useRoster } from '../api/game-day';
import { MessagesCard } from './messages-card';
import { WaiverEditor } from './waiver-editor';

const T = GAME_DAY_TEXTS;

export const ROSTER_SORTS = {
  position: 'Arrival',
  name: 'Name',
  side: 'Side',
  registeredAt: 'Registered at',
  waiver: 'Waiver',
} as const;
export type RosterSort = keyof typeof ROSTER_SORTS;

const WAIVER_ORDER: Record<WaiverState, number> = { outdated: 0, missing: 1, signed: 2, 'not-required': 3 };

/** The roster's rows as shown: filtered by status and name, then sorted (waitlist after registered by arrival). */
export function shownEntries(
  entries: readonly RosterEntry[],
  opts: { status: 'all' | RosterEntry['status']; search: string; sort: RosterSort },
): RosterEntry[] {
  const q = opts.search.trim().toLowerCase();
  const list = entries.filter(
    (e) =>
      (opts.status === 'all' || e.status === opts.status) && (!q || e.username.toLowerCase().includes(q)),
  );
  const arrival = (a: RosterEntry, b: RosterEntry) =>
    a.status === b.status ? a.position - b.position : a.status === 'registered' ? -1 : 1;
  const by: Record<RosterSort, (a: RosterEntry, b: RosterEntry) => number> = {
    position: arrival,
    name: (a, b) => a.username.localeCompare(b.username, undefined, { sensitivity: 'base' }),
    // By side (players without one last), arrival order within each.
    side: (a, b) =>
      (a.side === null ? 1 : 0) - (b.side === null ? 1 : 0) ||
      (a.side ?? '').localeCompare(b.side ?? '') ||
      arrival(a, b),
    registeredAt: (a, b) => a.registeredAt.localeCompare(b.registeredAt),
    waiver: (a, b) => WAIVER_ORDER[a.waiver.state] - WAIVER_ORDER[b.waiver.state] || arrival(a, b),
  };
  return [...list].sort(by[opts.sort]);
}

const WAIVER_TONE: Record<WaiverState, string> = {
  signed: 'text-emerald-700 dark:text-emerald-400',
  outdated: 'font-semibold text-amber-700 dark:text-amber-400',
  missing: 'font-semibold text-red-700 dark:text-red-400',
  'not-required': 'text-muted-foreground',
};

const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none';

/** /events/{id}/roster (organisers): the roster with filter, sort, print and CSV; the waiver; messages. */
export function RosterView({ eventId }: { eventId: string }) {
  const id = useId();
  const roster = useRoster(eventId);
  const move = useMoveSide(eventId);
  const [status, setStatus] = useState<'all' | RosterEntry['status']>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<RosterSort>('position');
  const rows = useMemo(
    () => shownEntries(roster.data?.entries ?? [], { status, search, sort }),
    [roster.data, status, search, sort],
  );

  if (roster.isPending)
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (roster.isError)
    return (
      <p role="alert" className="text-destructive">
        {T.rosterFailed}: {roster.error.message}
      </p>
    );
  const data = roster.data;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: data.timeZone || 'UTC',
    }).format(new Date(iso));

  return (
    <div className="space-y-6" data-print-root>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{T.rosterFor(data.title)}</h1>
          <p className="text-sm text-muted-foreground">
            <Link to={`/events/${eventId}`} className="underline-offset-4 hover:underline print:no-underline">
              {when(data.date)}
            </Link>
            {data.waiver ? ` · ${T.waiver} ${T.waiverVersion(data.waiver.version).toLowerCase()}` : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="outline" className="h-11" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {T.print}
          </Button>
          <a
            href={rosterCsvUrl(eventId)}
            download
            className={cn(buttonVariants({ variant: 'outline' }), 'h-11')}
          >
            <Download aria-hidden="true" />
            {T.downloadCsv}
          </a>
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-3 print:hidden">
        <div className="space-y-1">
          <Label htmlFor={`${id}-search`}>{T.searchName}</Label>
          <Input
            id={`${id}-search`}
            type="search"
            className="h-11"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-status`}>{T.filterStatus}</Label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            <option value="all">{T.allStatuses}</option>
            {ROSTER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {T.statusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-sort`}>{T.sortBy}</Label>
          <select
            id={`${id}-sort`}
            className={selectClass}
            value={sort}
            onChange={(e) => setSort(e.target.value as RosterSort)}
          >
            {(Object.keys(ROSTER_SORTS) as RosterSort[]).map((s) => (
              <option key={s} value={s}>
                {ROSTER_SORTS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {data.entries.length === 0 ? (
        <p className="text-muted-foreground">{T.rosterEmpty}</p>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground">{T.rosterNoMatch}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border print:overflow-visible print:border-0">
          <table className="w-full min-w-[44rem] text-sm print:min-w-0">
            <caption className="sr-only">{T.rosterFor(data.title)}</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {T.columns.position}
                </th>
                <th scope="col" className="px-3 py-2">
                  {T.columns.name}
                </th>
                <th scope="col" className="px-3 py-2">
                  {T.columns.status}
                </th>
                <th scope="col" className="px-3 py-2">
                  {T.columns.registeredAt}
                </th>
                <th scope="col" className="px-3 py-2">
                  {T.columns.side}
                </th>
                <th scope="col" className="px-3 py-2">
                  {T.columns.checkedIn}
                </th>
                <th scope="col" className="px-3 py-2">
                  {T.columns.chrono}
                </th>
                <th scope="col" className="px-3 py-2">
                  {T.columns.waiver}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.userId} className="border-t">
                  <td className="px-3 py-2 tabular-nums">{e.position}</td>
                  <td className="px-3 py-2 font-medium break-all">{e.username}</td>
                  <td className="px-3 py-2">{T.statusLabels[e.status]}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{when(e.registeredAt)}</td>
                  <td className="px-3 py-2">
                    {data.sides.length > 0 ? (
                      <select
                        aria-label={T.sideOf(e.username)}
                        className="h-11 rounded-md border border-input bg-background px-2 text-sm print:hidden"
                        value={data.sides.find((s) => s.name === e.side)?.id ?? ''}
                        disabled={move.isPending}
                        onChange={(x) =>
                          x.target.value && move.mutate({ userId: e.userId, sideId: x.target.value })
                        }
                      >
                        {e.side === null ? <option value="">—</option> : null}
                        {data.sides.map((s) => (
                          <option key={s.id} value={s.id}>
                            {s.name}
                          </option>
                        ))}
                      </select>
                    ) : null}
                    <span className={data.sides.length > 0 ? 'hidden print:inline' : ''}>
                      {e.side ?? '—'}
                    </span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{e.checkedInAt ? when(e.checkedInAt) : '—'}</td>
                  <td
                    className={cn(
                      'px-3 py-2',
                      e.chrono === 'fail' ? 'font-semibold text-red-700 dark:text-red-400' : '',
                    )}
                  >
                    {e.chrono ? T.chronoVerdicts[e.chrono] : '—'}
                  </td>
                  <td className={cn('px-3 py-2', WAIVER_TONE[e.waiver.state])}>
                    {WAIVER_STATE_LABELS[e.waiver.state]}
                    {e.waiver.minor ? ' (minor)' : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-2 print:hidden">
        <MessagesCard eventId={eventId} sides={data.sides} />
        <WaiverEditor eventId={eventId} />
      </div>
    </div>
  );
}
