import { EVENT_TEXTS, type Event, placesLeft, registrationLabel } from '@contract/events';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import {
  CalendarDays,
  CalendarPlus,
  ExternalLink,
  Map as MapIcon,
  MapPin,
  Share2,
  Users,
} from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { eventIcsPath, eventPath, useEvent } from '../api/get-event';
import { EventTypeBadge } from './event-card';
import { formatEventDate, formatEventRange, mapSearchUrl } from './event-format';
import { RegistrationActions } from './registration-actions';
import { RulesCard } from './rules-card';

const T = EVENT_TEXTS;

/** Share: the system share sheet when there is one, else the link goes to the clipboard. */
export async function shareEvent(event: Event): Promise<void> {
  const url = `${window.location.origin}${eventPath(event.id)}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: event.title,
        text: `${event.title} · ${formatEventDate(event.date, event.timeZone)}`,
        url,
      });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied' });
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy the link', description: url });
  }
}

const WIDE = '(min-width: 48rem)';
const subscribeWide = (onChange: () => void) => {
  const list = window.matchMedia?.(WIDE);
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
};
/** md and up: the registration sits in the facts card; below md, in the sticky bar (one copy). */
function useWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia?.(WIDE).matches ?? true,
    () => true,
  );
}

/**
 * The event's own page (/events/{id}): image, every field, registration and waitlist, the rules
 * card, the address with an OpenStreetMap link, Add to calendar (.ics) and share;
 * 'Event not found' for an unknown id.
 */
export function EventDetails({ id }: { id: string }) {
  const query = useEvent(id);
  if (query.isPending) return <EventDetailsSkeleton />;
  if (query.isError) {
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <p
        role="alert"
        className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground"
      >
        {notFound ? T.eventNotFound : T.fetchFailed}
      </p>
    );
  }
  return <EventView event={query.data} />;
}

/**
 * The page itself. On a phone the first screen holds the date, the place, places left and the main
 * action (issue 20): the facts card comes right under the title, and the action sits in a bar
 * fixed above the mobile bottom bar (the page keeps room for it), as Meetup has; the description
 * and the rules card follow.
 */
function EventView({ event }: { event: Event }) {
  const wide = useWide();
  const left = placesLeft(event);
  const where = event.address ?? event.location;
  return (
    <article
      aria-labelledby="event-title"
      className="space-y-6 max-md:space-y-4 max-md:pb-20"
      data-event-id={event.id}
    >
      <div className="overflow-hidden rounded-2xl border border-border bg-card max-md:rounded-xl">
        <RemoteImage
          address={event.image}
          media={event.media}
          alt=""
          sizes="(min-width: 1024px) 960px, 100vw"
          fetchPriority="high"
          className="aspect-[21/9] max-h-96 w-full object-cover max-md:aspect-[3/1] max-md:max-h-32"
          fallback={event.type}
        />
      </div>
      <header className="space-y-3 max-md:space-y-2">
        <EventTypeBadge type={event.type} />
        <h1 id="event-title" className="text-3xl font-bold tracking-tight max-md:text-2xl">
          {event.title}
        </h1>
        {wide ? (
          <div className="flex flex-wrap gap-2">
            <EventLinks event={event} />
          </div>
        ) : null}
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          {event.description ? (
            <p className="whitespace-pre-line break-words leading-relaxed">{event.description}</p>
          ) : null}
          {event.rules ? <RulesCard rules={event.rules} /> : null}
        </div>
        <Card className="self-start max-lg:order-first">
          <CardContent className="space-y-4 pt-6 text-sm max-md:space-y-3 max-md:pt-4">
            <Fact icon={<CalendarDays aria-hidden="true" />} term="When">
              <time dateTime={event.date} data-testid="event-when">
                {formatEventRange(event)}
              </time>
            </Fact>
            <Fact icon={<MapPin aria-hidden="true" />} term="Where">
              <span className="block">{event.location}</span>
              {event.address ? <span className="block text-muted-foreground">{event.address}</span> : null}
              <a
                href={mapSearchUrl(where)}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 inline-flex items-center gap-1 font-medium text-primary hover:underline"
              >
                <MapIcon className="size-3.5" aria-hidden="true" />
                {T.openInMap}
              </a>
            </Fact>
            <Fact icon={<Users aria-hidden="true" />} term="Players">
              <span className="block" data-testid="event-registrations">
                {registrationLabel(event)}
              </span>
              {left !== null ? (
                <span className="block text-muted-foreground" data-testid="places-left">
                  {left > 0 ? `${left} ${T.placesLeft}` : T.full}
                </span>
              ) : null}
              {event.waitlistCount > 0 ? (
                <span className="block text-muted-foreground" data-testid="waitlist-count">
                  {`${event.waitlistCount} on the ${T.waitlist}`}
                </span>
              ) : null}
            </Fact>
            {wide ? <RegistrationActions event={event} className="border-t border-border pt-4" /> : null}
            {event.source ? (
              <p className="text-xs text-muted-foreground">Imported from {event.source}</p>
            ) : null}
          </CardContent>
        </Card>
      </div>
      {wide ? null : (
        <div className="flex flex-wrap gap-2">
          <EventLinks event={event} />
        </div>
      )}
      {wide ? null : (
        <div
          data-testid="event-action-bar"
          className="fixed inset-x-0 bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] z-30 flex min-h-16 items-center gap-3 border-t border-border bg-background/95 px-4 py-2 backdrop-blur md:hidden"
        >
          <p className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
            {left !== null ? (left > 0 ? `${left} ${T.placesLeft}` : T.full) : registrationLabel(event)}
          </p>
          <RegistrationActions event={event} className="justify-end [&_button]:min-h-11" />
        </div>
      )}
    </article>
  );
}

/** Add to calendar, share and the registration link (under the facts on a phone). */
function EventLinks({ event }: { event: Event }) {
  return (
    <>
      <Button variant="outline" size="sm" className="max-md:min-h-11" asChild>
        <a href={eventIcsPath(event.id)} download>
          <CalendarPlus aria-hidden="true" />
          {T.addToCalendar}
        </a>
      </Button>
      <Button variant="outline" size="sm" className="max-md:min-h-11" onClick={() => void shareEvent(event)}>
        <Share2 aria-hidden="true" />
        {T.share}
      </Button>
      {event.url ? (
        <Button variant="outline" size="sm" className="max-md:min-h-11" asChild>
          <a href={event.url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {T.viewDetails}
          </a>
        </Button>
      ) : null}
    </>
  );
}

function Fact({ icon, term, children }: { icon: React.ReactNode; term: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 text-muted-foreground [&_svg]:size-4">{icon}</span>
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</p>
        <div className="mt-0.5">{children}</div>
      </div>
    </div>
  );
}

function EventDetailsSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" data-testid="event-loading">
      <Skeleton className="aspect-[21/9] max-h-96 w-full rounded-2xl" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
