import {
  calendarMonthWindow,
  EVENT_TABS,
  EVENT_TEXTS,
  EVENT_TYPES,
  type Event,
  type EventType,
  isDayParam,
} from '@contract/events';
import { FIND_VIEW_TEXTS } from '@contract/saved-searches';
import { useQuery } from '@tanstack/react-query';
import type { MapMarker } from '@web/components/map/types';
import { NearMeButton } from '@web/components/near-me-button';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { MD_QUERY, useMediaQuery } from '@web/lib/use-media-query';
import { useNearMe } from '@web/lib/use-near-me';
import { endOfMonth, format, isSameDay, startOfDay, startOfMonth } from 'date-fns';
import { CalendarDays, LayoutGrid, LoaderCircle, Map as MapIcon } from 'lucide-react';
import { type CSSProperties, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { DayPicker, labelDayButton } from 'react-day-picker';
import 'react-day-picker/style.css';
import { Link, useSearchParams } from 'react-router';
import { takeFirstDay } from '../api/embedded-calendar';
import { eventPath } from '../api/get-event';
import { EVENTS_MONTH_LIMIT, getEvents, useEventPages, useEvents } from '../api/get-events';
import { type EventListParams, eventKeys } from '../api/keys';
import {
  apiParams,
  dayOf,
  EMPTY_FILTERS,
  type FindFilters as Filters,
  isFiltering,
  readFilters,
  writeFilters,
} from '../find/filters';
import { FIND_TEXTS, FiltersSheet, FindFiltersBar } from '../find/find-filters';
import { CancelledBadge, EventCard, EventCardSkeleton } from './event-card';
import { eventDay, formatEventDate } from './event-format';

const T = EVENT_TEXTS;
const V = FIND_VIEW_TEXTS;

export type EventsView = 'calendar' | 'grid' | 'map';
const VIEWS: readonly EventsView[] = ['calendar', 'grid', 'map'];
type Tab = (typeof EVENT_TABS)[number];

/** A tab's value (and so its Radix ids): no spaces (axe aria-valid-attr-value; issue 20). */
const tabValue = (tab: Tab) => (tab === T.allEvents ? 'all' : tab);

/** `?type=` read leniently ('milsim' is Milsim); anything else is All Events. */
function typeOf(value: string | null): EventType | undefined {
  const v = value?.toLowerCase();
  return EVENT_TYPES.find((t) => t.toLowerCase() === v);
}

/** Near me looks this far out (km), widening until it finds an event (issue 20). */
export const NEAR_STEPS_KM = [25, 50, 100, 250, 500] as const;

/**
 * The smallest radius of NEAR_STEPS_KM with an upcoming event (of the tab's type) near `near`, or
 * null when there is none within the last one. One small call per step, nearest first.
 */
function useNearRadius(near: string | undefined, type: EventType | undefined) {
  return useQuery({
    queryKey: [...eventKeys.lists(), 'near-radius', near, type ?? null],
    enabled: !!near,
    queryFn: async ({ signal }) => {
      for (const radius of NEAR_STEPS_KM) {
        const found = await getEvents({ near, type, sort: 'distance', radius, limit: 1 }, undefined, signal);
        if (found.length > 0) return radius;
      }
      return null;
    },
  });
}

/** Near me's toasts when no location comes. */
const NEAR_ME_TEXTS = {
  failedTitle: 'Location unavailable',
  unsupportedText: 'This browser cannot share its location.',
};

/** The calendar's visible month as GET /api/events?from=&to= (past events included; every zone's days). */
export const monthWindow = (month: Date): Pick<EventListParams, 'from' | 'to'> =>
  calendarMonthWindow(month.getFullYear(), month.getMonth());

/**
 * The Events section of / (SPEC §2): calendar or grid, tabs by type, and "Near me" (distances,
 * and the grid sorted by distance). The calendar marks the days of the visible month that have
 * events and lists the selected day's events.
 */
export function EventsSection({ initialView = 'calendar' }: { initialView?: EventsView }) {
  // The tab and the view live in the address (`/events?type=Milsim&view=grid`; issue 20), each
  // change replacing the entry so Back leaves the section rather than stepping through filters.
  const [searchParams, setSearchParams] = useSearchParams();
  const viewParam = searchParams.get('view');
  const view: EventsView = VIEWS.find((v) => v === viewParam) ?? initialView;
  const type = typeOf(searchParams.get('type'));
  const tab: Tab = type ?? T.allEvents;
  const setParam = (key: string, value: string | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const setView = (next: EventsView) => setParam('view', next);
  const setTab = (value: string) => setParam('type', typeOf(value));
  const { near, locating, toggle } = useNearMe(NEAR_ME_TEXTS);
  const nearRadius = useNearRadius(near, type);
  const radius = near && nearRadius.isSuccess ? (nearRadius.data ?? undefined) : undefined;
  // Find a game (issue 26): the filters, in the address too.
  const filters = readFilters(searchParams);
  const setFilters = (next: Filters) =>
    setSearchParams((current) => writeFilters({ ...next, type }, current), { replace: true });
  const filtering = isFiltering(filters);
  const wide = useMediaQuery(MD_QUERY);
  const find = filtering ? (apiParams(filters) as Partial<EventListParams>) : undefined;

  return (
    <section aria-label={T.events} data-testid="events-section">
      {/* The tabs wrap the list they filter, so each tab controls a panel that is there (axe's
          aria-valid-attr-value: a tab's aria-controls must name an element of the page). */}
      <Tabs value={tabValue(tab)} onValueChange={setTab} className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Event type" className="h-auto flex-wrap">
            {EVENT_TABS.map((name) => (
              <TabsTrigger key={name} value={tabValue(name)}>
                {name}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex flex-wrap items-center gap-2">
            <NearMeButton near={near} locating={locating} onToggle={toggle} label={T.nearMe} />
            {/* Phone first (issue 26): below md the filters are a button beside Near me opening a sheet. */}
            {wide ? null : <FiltersSheet filters={filters} onChange={setFilters} />}
            <fieldset className="inline-flex rounded-md border border-border p-0.5">
              <legend className="sr-only">View</legend>
              <ViewButton
                current={view}
                value="calendar"
                onSelect={setView}
                icon={<CalendarDays aria-hidden="true" />}
              >
                {T.calendarView}
              </ViewButton>
              <ViewButton
                current={view}
                value="grid"
                onSelect={setView}
                icon={<LayoutGrid aria-hidden="true" />}
              >
                {T.gridView}
              </ViewButton>
              <ViewButton current={view} value="map" onSelect={setView} icon={<MapIcon aria-hidden="true" />}>
                {V.mapView}
              </ViewButton>
            </fieldset>
          </div>
        </div>
        {wide ? <FindFiltersBar filters={filters} onChange={setFilters} /> : null}
        <TabsContent value={tabValue(tab)} className="mt-0 space-y-5">
          {near && !filtering && !nearRadius.isPending ? (
            <p role="status" className="text-sm text-muted-foreground" data-testid="near-radius">
              {nearRadius.isError
                ? T.fetchFailed
                : nearRadius.data
                  ? `Nearest events within ${nearRadius.data} km`
                  : `No events within ${NEAR_STEPS_KM[NEAR_STEPS_KM.length - 1]} km`}
            </p>
          ) : null}
          {view === 'calendar' ? (
            // A new range opens the calendar afresh (its month, its first day).
            <CalendarView key={`${filters.from}..${filters.to}`} type={type} near={near} find={find} />
          ) : view === 'map' ? (
            <MapResults
              params={
                find
                  ? { ...find, type, sort: 'date' }
                  : { type, near, sort: near ? 'distance' : undefined, radius: near ? radius : undefined }
              }
              waiting={!find && !!near && nearRadius.isPending}
              onClear={find ? () => setFilters({ ...EMPTY_FILTERS }) : undefined}
            />
          ) : find ? (
            <FoundView params={{ ...find, type }} onClear={() => setFilters({ ...EMPTY_FILTERS })} />
          ) : (
            <GridView
              type={type}
              near={near}
              radius={radius}
              waiting={!!near && nearRadius.isPending}
              none={!!near && nearRadius.isSuccess && nearRadius.data === null}
            />
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}

function ViewButton({
  current,
  value,
  onSelect,
  icon,
  children,
}: {
  current: EventsView;
  value: EventsView;
  onSelect: (view: EventsView) => void;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  const active = current === value;
  return (
    <Button
      variant={active ? 'secondary' : 'ghost'}
      size="sm"
      // 44 px to tap on a phone (the guide's tap targets), the compact 32 px on a desktop.
      className="min-h-11 md:h-8 md:min-h-0"
      aria-pressed={active}
      onClick={() => onSelect(value)}
    >
      {icon}
      {children}
    </Button>
  );
}

function EventsError() {
  return (
    <p
      role="alert"
      className="rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm text-destructive"
    >
      {T.fetchFailed}
    </p>
  );
}

function EmptyText({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
      {children}
    </p>
  );
}

function CardSkeletons({ count }: { count: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="events-loading">
      {Array.from({ length: count }, (_, i) => (
        <EventCardSkeleton key={i} />
      ))}
    </div>
  );
}

type EventPages = ReturnType<typeof useEventPages>;

/** "Load more events" while the list has further pages. */
function LoadMore({ pages }: { pages: EventPages }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        onClick={() => void pages.fetchNextPage()}
        disabled={pages.isFetchingNextPage}
      >
        {pages.isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Load more events
      </Button>
    </div>
  );
}

/** The grid of cards of the pages loaded so far, and "Load more events". */
function EventGrid({ list, pages }: { list: Event[]; pages: EventPages }) {
  return (
    <div className="space-y-4">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Events">
        {list.map((event) => (
          <li key={event.id} className="flex">
            <EventCard event={event} className="flex-1" />
          </li>
        ))}
      </ul>
      <LoadMore pages={pages} />
    </div>
  );
}

/** The grid: upcoming events of the tab (soonest first, or nearest first with "Near me"). */
function GridView({
  type,
  near,
  radius,
  waiting,
  none,
}: {
  type?: EventType;
  near?: string;
  radius?: number;
  /** Near me is still finding how far to look. */
  waiting?: boolean;
  /** Near me found nothing within its widest radius. */
  none?: boolean;
}) {
  const params: EventListParams = {
    type,
    near,
    sort: near ? 'distance' : undefined,
    radius: near ? radius : undefined,
  };
  const events = useEventPages(params, !waiting && !none);
  if (none) return <EmptyText>{T.noEventsForCategory}</EmptyText>;
  if (events.isPending) return <CardSkeletons count={6} />;
  if (events.isError) return <EventsError />;
  const list = events.data.pages.flat();
  if (list.length === 0) return <EmptyText>{T.noEventsForCategory}</EmptyText>;
  return <EventGrid list={list} pages={events} />;
}

/** The grid of the events the find filters keep, soonest first; an empty state offers to clear them. */
function FoundView({ params, onClear }: { params: EventListParams; onClear: () => void }) {
  const events = useEventPages({ ...params, sort: 'date' });
  if (events.isPending) return <CardSkeletons count={6} />;
  if (events.isError) return <EventsError />;
  const list = events.data.pages.flat();
  if (list.length === 0) return <FindEmpty onClear={onClear} />;
  return <EventGrid list={list} pages={events} />;
}

/** No event matches the find filters: say so, and offer to clear them. */
function FindEmpty({ onClear }: { onClear: () => void }) {
  return (
    <div
      className="space-y-3 rounded-xl border border-dashed border-border p-8 text-center"
      data-testid="find-empty"
    >
      <p className="text-muted-foreground">{FIND_TEXTS.noMatch}</p>
      <Button variant="outline" className="h-11" onClick={onClear}>
        {FIND_TEXTS.clear}
      </Button>
    </div>
  );
}

/**
 * The shared map (components/map), loaded on demand as PlacesMap loads it: Leaflet, then the map
 * view. Imported here by its lazy chunks only, not through components/map/index: a third static
 * importer of that module splits the fields' and stores' shared chunk, which adds a file name to
 * the entry's preload list (the first load is at its 100 KB budget).
 */
/** isolate: Leaflet's panes (z-index 400 and up) stay under the sheets and menus. */
const MAP_CLASS = 'relative isolate h-80 w-full sm:h-[28rem] rounded-xl';

const EventsMapView = lazy(() =>
  import('@web/components/map/leaflet-global').then(() => import('@web/components/map/map-view')),
);

/**
 * The map view (issue 26): the listed events as markers on the shared map (loaded on demand, its
 * own chunk), each popup linking to the event's page; the events without a place listed under it.
 */
function MapResults({
  params,
  waiting,
  onClear,
}: {
  params: EventListParams;
  /** Near me is still finding how far to look. */
  waiting?: boolean;
  /** The find filters are set: the empty state offers to clear them. */
  onClear?: () => void;
}) {
  const events = useEventPages(params, !waiting);
  const list = useMemo(() => events.data?.pages.flat() ?? [], [events.data]);
  const markers = useMemo(
    () =>
      list.flatMap((e): MapMarker[] =>
        e.lat === null || e.lng === null
          ? []
          : [
              {
                id: e.id,
                lat: e.lat,
                lng: e.lng,
                title: e.title,
                subtitle: [e.cancelled ? V.cancelled : null, formatEventDate(e.date, e.timeZone), e.location]
                  .filter(Boolean)
                  .join(' · '),
                href: eventPath(e.id),
                linkText: V.eventPage,
              },
            ],
      ),
    [list],
  );
  if (waiting || events.isPending)
    return <Skeleton className="h-80 w-full rounded-xl sm:h-[28rem]" data-testid="events-loading" />;
  if (events.isError) return <EventsError />;
  if (list.length === 0)
    return onClear ? <FindEmpty onClear={onClear} /> : <EmptyText>{T.noEventsForCategory}</EmptyText>;
  const unplaced = list.filter((e) => e.lat === null || e.lng === null);
  return (
    <div className="space-y-4">
      <Suspense fallback={<Skeleton className={MAP_CLASS} aria-label={V.mapLabel} />}>
        <EventsMapView
          markers={markers}
          label={V.mapLabel}
          className={MAP_CLASS}
          offlineText={V.mapOffline}
        />
      </Suspense>
      {unplaced.length > 0 ? (
        <section aria-label={V.notOnMap} className="space-y-2" data-testid="not-on-map">
          <h3 className="text-sm font-semibold text-muted-foreground">{V.notOnMap}</h3>
          <ul className="divide-y divide-border rounded-xl border border-border">
            {unplaced.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <Link to={eventPath(e.id)} className="flex min-h-11 items-center font-medium hover:underline">
                  {e.title}
                </Link>
                {e.cancelled ? <CancelledBadge /> : null}
                <span className="text-muted-foreground">
                  {formatEventDate(e.date, e.timeZone)} · {e.location}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <LoadMore pages={events} />
    </div>
  );
}

const DAY_PICKER_STYLE = {
  '--rdp-accent-color': 'var(--primary)',
  '--rdp-accent-background-color': 'color-mix(in oklch, var(--primary) 15%, transparent)',
  '--rdp-day-height': '2.6rem',
  '--rdp-day-width': '2.6rem',
  '--rdp-day_button-height': '2.4rem',
  '--rdp-day_button-width': '2.4rem',
} as CSSProperties;

/** A day with events: bold, with a dot under its number. */
const HAS_EVENTS_CLASS =
  "relative font-bold after:pointer-events-none after:absolute after:bottom-1 after:left-1/2 after:size-1.5 after:-translate-x-1/2 after:rounded-full after:bg-primary after:content-['']";

/** A find range (issue 26): YYYY-MM-DD days, inclusive, each event's own local day. */
export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * The calendar's window for `month` within `range`: the month's window where the range does not
 * cut it, else the range's own days (the server compares each event's local day); null when the
 * month and the range do not meet.
 */
export function calendarWindow(month: Date, range: DayRange): Pick<EventListParams, 'from' | 'to'> | null {
  const window = monthWindow(month);
  const first = dayOf(startOfMonth(month));
  const last = dayOf(endOfMonth(month));
  if ((range.from && range.from > last) || (range.to && range.to < first)) return null;
  return {
    from: range.from && range.from >= first ? range.from : window.from,
    to: range.to && range.to <= last ? range.to : window.to,
  };
}

/** A YYYY-MM-DD day as a local Date at midnight. */
const parseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/**
 * The day the calendar opens on: `today`, or with a range (issue 26) the first day of the range
 * unless today is inside it (then today).
 */
export function openingDay(today: Date, range: DayRange): Date {
  const t = dayOf(today);
  if (range.from && t < range.from) return parseDay(range.from);
  if (range.to && t > range.to) return parseDay(range.from ?? range.to);
  return today;
}

/** One month's list, or none (an empty list) when the month is outside the range. */
function useWindowEvents(params: EventListParams, window: Pick<EventListParams, 'from' | 'to'> | null) {
  const query = useEvents({ ...params, ...(window ?? {}) }, !!window);
  if (window) return query;
  return {
    data: [] as Event[],
    isPending: false,
    isError: false,
    isFetching: false,
    isSuccess: true,
  } as const;
}

/**
 * The calendar: the visible month's events (by ?from&to), marked on their days (each event's day
 * in its own zone). Rendered by the server with its day and lists (the HTML's calendar block), the
 * first render in the browser starts from the same day, then moves to the browser's own day if
 * that differs (another time zone). With a find range (When, issue 26) it opens on the range's
 * first day and lists only the events inside it.
 */
function CalendarView({
  type,
  near: nearMe,
  find,
}: {
  type?: EventType;
  near?: string;
  /** The find filters (issue 26); their days cut each month's window. */
  find?: Partial<EventListParams>;
}) {
  const { from: rangeFrom, to: rangeTo, ...narrow } = find ?? {};
  const range: DayRange = {
    from: isDayParam(rangeFrom) ? rangeFrom : undefined,
    to: isDayParam(rangeTo) ? rangeTo : undefined,
  };
  const hasRange = !!(range.from || range.to);
  const near = narrow.near ?? nearMe;
  const [first] = useState(() => takeFirstDay() ?? startOfDay(new Date()));
  const [today, setToday] = useState(first);
  const [month, setMonth] = useState(() => startOfMonth(openingDay(first, range)));
  const [selected, setSelected] = useState<Date | undefined>(() => openingDay(first, range));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the range is the view's key (it remounts)
  useEffect(() => {
    const local = startOfDay(new Date());
    if (local.getTime() === first.getTime()) return;
    const open = openingDay(local, range);
    setToday(local);
    setSelected(open);
    setMonth(startOfMonth(open));
  }, [first]);
  const params: EventListParams = { ...narrow, type, near, limit: EVENTS_MONTH_LIMIT };
  const visible = useWindowEvents(params, calendarWindow(month, range));
  // The selected day may sit in another month than the one shown: its own month's list.
  const selectedMonth = startOfMonth(selected ?? month);
  const ofSelected = useWindowEvents(params, selected ? calendarWindow(selectedMonth, range) : null);

  // The next upcoming event (in the range), offered when the chosen day is empty so the calendar never dead-ends.
  const upcoming = useEvents({ ...narrow, ...(hasRange ? range : {}), type, near, limit: 1 });
  const next = upcoming.data?.[0];
  const showDay = (date: Date) => {
    setSelected(date);
    setMonth(startOfMonth(date));
  };

  // Opened on a month without events, the calendar moves once to the next event's month and day
  // (issue 20); after that the month is the viewer's to choose.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !visible.isSuccess || !upcoming.isSuccess) return;
    opened.current = true;
    if (visible.data.length > 0 || !next) return;
    const at = eventDay(next);
    if (startOfMonth(at).getTime() !== month.getTime()) showDay(at);
  });

  const eventDays = useMemo(() => (visible.data ?? []).map(eventDay), [visible.data]);
  const dayEvents: Event[] = selected
    ? (ofSelected.data ?? []).filter((e) => isSameDay(eventDay(e), selected))
    : [];

  return (
    <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
      <div className="relative self-start rounded-xl border border-border bg-card p-3 text-card-foreground shadow-sm">
        <DayPicker
          mode="single"
          today={today}
          month={month}
          onMonthChange={setMonth}
          selected={selected}
          onSelect={setSelected}
          modifiers={{ hasEvents: eventDays }}
          modifiersClassNames={{ hasEvents: HAS_EVENTS_CLASS }}
          labels={{
            labelDayButton: (date, modifiers, options, dateLib) =>
              `${labelDayButton(date, modifiers, options, dateLib)}${modifiers.hasEvents ? ', has events' : ''}`,
          }}
          style={DAY_PICKER_STYLE}
          data-testid="events-calendar"
          aria-busy={visible.isFetching}
        />
        {visible.isError ? <EventsError /> : null}
      </div>
      <div className="min-w-0 space-y-3" aria-live="polite">
        {selected ? (
          <>
            <h3 className="text-lg font-semibold">{format(selected, 'EEEE, MMMM d, yyyy')}</h3>
            {ofSelected.isPending ? (
              <CardSkeletons count={2} />
            ) : ofSelected.isError ? (
              <EventsError />
            ) : dayEvents.length === 0 ? (
              <>
                <EmptyText>{T.noEventsForDate}</EmptyText>
                {next && !isSameDay(eventDay(next), selected) ? (
                  <Button
                    variant="link"
                    className="h-auto px-0 text-left whitespace-normal"
                    onClick={() => showDay(eventDay(next))}
                  >
                    {`Next event: ${next.title}, ${format(eventDay(next), 'EEEE, MMMM d')}`}
                  </Button>
                ) : null}
              </>
            ) : (
              <ul
                className="grid gap-4 xl:grid-cols-2"
                aria-label={`Events on ${format(selected, 'MMMM d')}`}
              >
                {dayEvents.map((event) => (
                  <li key={event.id} className="flex">
                    <EventCard event={event} className="flex-1" />
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <EmptyText>{T.selectDate}</EmptyText>
        )}
      </div>
    </div>
  );
}
