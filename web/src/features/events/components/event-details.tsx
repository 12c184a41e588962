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
import { eventIcsPath, eventPath, useEvent } from '../api/get-event';
import { EventTypeBadge } from './event-card';
import { formatEventDate, mapSearchUrl } from './event-format';
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
        text: `${event.title} · ${formatEventDate(event.date)}`,
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
  const event = query.data;
  const left = placesLeft(event);
  const where = event.address ?? event.location;
  return (
    <article aria-labelledby="event-title" className="space-y-6" data-event-id={event.id}>
      <div className="overflow-hidden rounded-2xl border border-border bg-card">
        <RemoteImage
          address={event.image}
          media={event.media}
          alt=""
          sizes="(min-width: 1024px) 960px, 100vw"
          fetchPriority="high"
          className="aspect-[21/9] max-h-96 w-full object-cover"
        />
      </div>
      <header className="space-y-3">
        <EventTypeBadge type={event.type} />
        <h1 id="event-title" className="text-3xl font-bold tracking-tight">
          {event.title}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={eventIcsPath(event.id)} download>
              <CalendarPlus aria-hidden="true" />
              {T.addToCalendar}
            </a>
          </Button>
          <Button variant="outline" size="sm" onClick={() => void shareEvent(event)}>
            <Share2 aria-hidden="true" />
            {T.share}
          </Button>
          {event.url ? (
            <Button variant="outline" size="sm" asChild>
              <a href={event.url} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                {T.viewDetails}
              </a>
            </Button>
          ) : null}
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          {event.description ? (
            <p className="whitespace-pre-line break-words leading-relaxed">{event.description}</p>
          ) : null}
          {event.rules ? <RulesCard rules={event.rules} /> : null}
        </div>
        <Card className="self-start">
          <CardContent className="space-y-4 pt-6 text-sm">
            <Fact icon={<CalendarDays aria-hidden="true" />} term="When">
              <time dateTime={event.date}>{formatEventDate(event.date)}</time>
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
            <RegistrationActions event={event} className="border-t border-border pt-4" />
            {event.source ? (
              <p className="text-xs text-muted-foreground">Imported from {event.source}</p>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </article>
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
