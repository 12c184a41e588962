import { EVENT_TABS, EVENT_TEXTS, type Event, type EventType } from '@contract/events';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { addMonths, format, isSameDay, startOfMonth } from 'date-fns';
import { CalendarDays, LayoutGrid, LoaderCircle, LocateFixed } from 'lucide-react';
import { type CSSProperties, useMemo, useState } from 'react';
import { DayPicker, labelDayButton } from 'react-day-picker';
import 'react-day-picker/style.css';
import { EVENTS_MONTH_LIMIT, useEventPages, useEvents } from '../api/get-events';
import type { EventListParams } from '../api/keys';
import { EventCard, EventCardSkeleton } from './event-card';

const T = EVENT_TEXTS;

export type EventsView = 'calendar' | 'grid';
type Tab = (typeof EVENT_TABS)[number];

/** The calendar's visible month as GET /api/events?from=&to= (past events included). */
export function monthWindow(month: Date): Pick<EventListParams, 'from' | 'to'> {
  const from = startOfMonth(month);
  return { from: from.toISOString(), to: addMonths(from, 1).toISOString() };
}

/**
 * "Near me": asks for the browser's location only when pressed; pressing again forgets it.
 * Answers `lat,lng` for `?near=` (rounded to about 100 m: nothing finer is needed).
 */
function useNearMe() {
  const [near, setNear] = useState<string | undefined>(undefined);
  const [locating, setLocating] = useState(false);
  const toggle = () => {
    if (near) {
      setNear(undefined);
      return;
    }
    if (!('geolocation' in navigator)) {
      toast({
        variant: 'destructive',
        title: 'Location unavailable',
        description: 'This browser cannot share its location.',
      });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setNear(`${position.coords.latitude.toFixed(3)},${position.coords.longitude.toFixed(3)}`);
      },
      (error) => {
        setLocating(false);
        toast({
          variant: 'destructive',
          title: 'Location unavailable',
          description: error.message || undefined,
        });
      },
      { maximumAge: 10 * 60 * 1000, timeout: 15_000 },
    );
  };
  return { near, locating, toggle };
}

/**
 * The Events section of / (SPEC §2): calendar or grid, tabs by type, and "Near me" (distances,
 * and the grid sorted by distance). The calendar marks the days of the visible month that have
 * events and lists the selected day's events.
 */
export function EventsSection({ initialView = 'calendar' }: { initialView?: EventsView }) {
  const [view, setView] = useState<EventsView>(initialView);
  const [tab, setTab] = useState<Tab>(T.allEvents);
  const { near, locating, toggle } = useNearMe();
  const type = tab === T.allEvents ? undefined : (tab as EventType);

  return (
    <section aria-label={T.events} className="space-y-5" data-testid="events-section">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <TabsList aria-label="Event type" className="h-auto flex-wrap">
            {EVENT_TABS.map((name) => (
              <TabsTrigger key={name} value={name}>
                {name}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-pressed={!!near}
            onClick={toggle}
            disabled={locating}
            className={cn(near && 'border-primary text-primary')}
          >
            {locating ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <LocateFixed aria-hidden="true" />
            )}
            {T.nearMe}
          </Button>
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
          </fieldset>
        </div>
      </div>
      {view === 'calendar' ? <CalendarView type={type} near={near} /> : <GridView type={type} near={near} />}
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
      className="h-8"
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

/** The grid: upcoming events of the tab (soonest first, or nearest first with "Near me"). */
function GridView({ type, near }: { type?: EventType; near?: string }) {
  const params: EventListParams = { type, near, sort: near ? 'distance' : undefined };
  const events = useEventPages(params);
  if (events.isPending) return <CardSkeletons count={6} />;
  if (events.isError) return <EventsError />;
  const list = events.data.pages.flat();
  if (list.length === 0) return <EmptyText>{T.noEventsForCategory}</EmptyText>;
  return (
    <div className="space-y-4">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Events">
        {list.map((event) => (
          <li key={event.id} className="flex">
            <EventCard event={event} className="flex-1" />
          </li>
        ))}
      </ul>
      {events.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void events.fetchNextPage()}
            disabled={events.isFetchingNextPage}
          >
            {events.isFetchingNextPage ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Load more events
          </Button>
        </div>
      ) : null}
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

/** The calendar: the visible month's events (by ?from&to), marked on their days. */
function CalendarView({ type, near }: { type?: EventType; near?: string }) {
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [selected, setSelected] = useState<Date | undefined>(() => new Date());
  const visible = useEvents({ ...monthWindow(month), type, near, limit: EVENTS_MONTH_LIMIT });
  // The selected day may sit in another month than the one shown: its own month's list.
  const selectedMonth = startOfMonth(selected ?? month);
  const ofSelected = useEvents(
    { ...monthWindow(selectedMonth), type, near, limit: EVENTS_MONTH_LIMIT },
    !!selected,
  );

  // The next upcoming event, offered when the chosen day is empty so the calendar never dead-ends.
  const upcoming = useEvents({ type, limit: 1 });
  const next = upcoming.data?.[0];
  const showDay = (date: Date) => {
    setSelected(date);
    setMonth(startOfMonth(date));
  };

  const eventDays = useMemo(() => (visible.data ?? []).map((e) => new Date(e.date)), [visible.data]);
  const dayEvents: Event[] = selected
    ? (ofSelected.data ?? []).filter((e) => isSameDay(new Date(e.date), selected))
    : [];

  return (
    <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
      <div className="relative self-start rounded-xl border border-border bg-card p-3 text-card-foreground shadow-sm">
        <DayPicker
          mode="single"
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
                {next && !isSameDay(new Date(next.date), selected) ? (
                  <Button
                    variant="link"
                    className="h-auto px-0 text-left whitespace-normal"
                    onClick={() => showDay(new Date(next.date))}
                  >
                    {`Next event: ${next.title}, ${format(new Date(next.date), 'EEEE, MMMM d')}`}
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
