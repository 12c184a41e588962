import { EVENT_IMAGE_SIZES, EVENT_TEXTS, type Event, placesLeft, registrationLabel } from '@contract/events';
import { GAME_DAY_TEXTS } from '@contract/game-day';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import {
  CalendarDays,
  CalendarPlus,
  ClipboardList,
  ExternalLink,
  Map as MapIcon,
  MapPin,
  Share2,
  Users,
} from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { eventIcsPath, eventPath, useEvent } from '../api/get-event';
import { EventTypeBadge } from './event-card';
import { formatEventDate, formatEventRange, mapSearchUrl } from './event-format';
import { EventMessages } from './event-messages';
import { GameDay } from './game-day';
import { RegistrationPrivacy } from './registration-privacy';
import { RulesCard } from './rules-card';
import { EventRegistrationActions, SignWaiverAgain } from './waiver-registration';

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

/**
 * The event's own page (/events/{id}): image, every field, registration and waitlist, the rules
 * card, the address with an OpenStreetMap link, Add to calendar (.ics) and share;
 * 'Event not found' for an unknown id.
 */
/**
 * `gameDay`: what the app composes under the rules for a signed-in viewer (issue 25: ticket, garage,
 * check-in link); `series`: the Series card (issue 26) and `carpools`: the Carpools section (issue
 * 26), each a lazy chunk of the app's.
 */
export function EventDetails({ id, ...slots }: { id: string } & Slots) {
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
  return <EventView event={query.data} {...slots} />;
}

/**
 * The page itself. On a phone the first screen holds the date, the place, places left and the main
 * action (issue 20): the facts card comes right under the title, and the action sits in a bar
 * fixed above the mobile bottom bar (the page keeps room for it), as Meetup has; the description
 * and the rules card follow. One copy of each part, placed by CSS alone (md and up: the links under
 * the title, the action in the facts card), so the server renders the page as every screen shows it.
 */
type Slots = {
  gameDay?: (event: Event) => ReactNode;
  /** The Series card (issue 26: Repeat…, the series' games, Confirm this game), above the carpools. */
  series?: (event: Event) => ReactNode;
  carpools?: (event: Event) => ReactNode;
  /** The Photos gallery (issue 26), a lazy chunk of the app's. */
  photos?: (event: Event) => ReactNode;
  /** Issue 26: Who's going and the Discussion, a lazy chunk of the app's. */
  social?: (event: Event) => ReactNode;
};

function EventView({ event, gameDay, series, carpools, photos, social }: { event: Event } & Slots) {
  const left = placesLeft(event);
  const where = event.address ?? event.location;
  return (
    <article
      aria-labelledby="event-title"
      className="flex flex-col gap-6 max-md:gap-4 max-md:pb-20"
      data-event-id={event.id}
    >
      <div className="overflow-hidden rounded-2xl border border-border bg-card max-md:rounded-xl">
        <RemoteImage
          address={event.image}
          media={event.media}
          alt=""
          sizes={EVENT_IMAGE_SIZES}
          fetchPriority="high"
          className="aspect-[21/9] max-h-96 w-full object-cover max-md:aspect-[3/1] max-md:max-h-32"
          fallback={event.type}
        />
      </div>
      <header className="space-y-3 max-md:space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <EventTypeBadge type={event.type} />
          {event.rentalsAvailable || event.firstTimersWelcome ? (
            <span
              className="rounded-full border border-primary/40 bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary"
              data-testid="beginner-badge"
              title={[
                event.rentalsAvailable && 'Rentals available',
                event.firstTimersWelcome && 'First-timers welcome',
              ]
                .filter(Boolean)
                .join(' · ')}
            >
              {event.rentalsAvailable && event.firstTimersWelcome
                ? 'Rentals · First-timers welcome'
                : event.rentalsAvailable
                  ? 'Rentals available'
                  : 'First-timers welcome'}
            </span>
          ) : null}
        </div>
        <h1 id="event-title" className="text-3xl font-bold tracking-tight max-md:text-2xl">
          {event.title}
        </h1>
      </header>
      {/* Under the title from md; under the facts (its flex order) on a phone. */}
      <div className="flex flex-wrap gap-2 max-md:order-1">
        <EventLinks event={event} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <SignWaiverAgain event={event} />
          <GameDay event={event} />
          {event.description ? (
            <p className="whitespace-pre-line break-words leading-relaxed">{event.description}</p>
          ) : null}
          {event.rules ? <RulesCard rules={event.rules} /> : null}
          {event.viewerStatus !== 'none' ? <EventMessages eventId={event.id} /> : null}
          {event.viewerStatus === 'registered' ||
          (event as { myReplicas?: unknown[] }).myReplicas?.length ||
          event.abilities?.canCheckIn ? (
            <Suspense fallback={null}>{gameDay?.(event)}</Suspense>
          ) : null}
          <Suspense fallback={null}>{social?.(event)}</Suspense>
          <Suspense fallback={null}>{series?.(event)}</Suspense>
          <Suspense fallback={null}>{carpools?.(event)}</Suspense>
          <Suspense fallback={null}>{photos?.(event)}</Suspense>
        </div>
        <Card className="self-start max-lg:order-first">
          <CardContent className="space-y-4 pt-6 text-sm max-md:space-y-3 max-md:pt-4">
            <Fact icon={<CalendarDays aria-hidden="true" />} term="When">
              {/* The server's time zone rules may differ from this browser's (decision 020). */}
              <time dateTime={event.date} data-testid="event-when" suppressHydrationWarning>
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
            {/* Below md a bar fixed above the bottom bar, with places left; from md the action is
                the card's last part (the bar's box then vanishes: display contents). */}
            <div
              data-testid="event-action-bar"
              className="md:contents max-md:fixed max-md:inset-x-0 max-md:bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] max-md:z-30 max-md:flex max-md:min-h-16 max-md:items-center max-md:gap-3 max-md:border-t max-md:border-border max-md:bg-background/95 max-md:px-4 max-md:py-2 max-md:backdrop-blur"
            >
              <p className="min-w-0 flex-1 truncate text-xs text-muted-foreground md:hidden">
                {left !== null ? (left > 0 ? `${left} ${T.placesLeft}` : T.full) : registrationLabel(event)}
              </p>
              {/* An event with sides registers in its Sides card, where a side (or Any) is chosen:
                  the bar's Register leads there. */}
              {event.sides?.length && event.canRegister ? (
                <Button asChild className="min-h-11 md:hidden">
                  <a href="#sides">{T.register}</a>
                </Button>
              ) : null}
              <EventRegistrationActions
                event={event.sides?.length ? { ...event, canRegister: false } : event}
                className="max-md:justify-end max-md:[&_button]:min-h-11 md:border-t md:border-border md:pt-4"
              />
            </div>
            {/* Issue 26: the player's registration made private, or public again. */}
            <RegistrationPrivacy event={event} />
            {event.source ? (
              <p className="text-xs text-muted-foreground">Imported from {event.source}</p>
            ) : null}
          </CardContent>
        </Card>
      </div>
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
      {(event.abilities?.canManage ?? event.canEdit) ? (
        <Button variant="outline" size="sm" className="max-md:min-h-11" asChild>
          <Link to={`/events/${event.id}/roster`}>
            <ClipboardList aria-hidden="true" />
            {GAME_DAY_TEXTS.roster}
          </Link>
        </Button>
      ) : null}
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
