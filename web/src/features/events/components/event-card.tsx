import { EVENT_TEXTS, type Event, registrationLabel } from '@contract/events';
import { FIND_VIEW_TEXTS } from '@contract/saved-searches';
import { Card } from '@web/components/ui/card';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { CalendarDays, ExternalLink, MapPin, Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { eventPath } from '../api/get-event';
import { formatDistance, formatEventDate, TYPE_BADGE, TYPE_BADGE_SOLID } from './event-format';
import { RegistrationActions } from './registration-actions';

const T = EVENT_TEXTS;

/** The type badge (Milsim, Local, Training). */
export function EventTypeBadge({
  type,
  className,
  solid = false,
}: {
  type: Event['type'];
  className?: string;
  /** Over an image: solid colours. */
  solid?: boolean;
}) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        solid ? TYPE_BADGE_SOLID[type] : TYPE_BADGE[type],
        className,
      )}
    >
      {type}
    </span>
  );
}

/** "Cancelled" (issue 26): the game is kept, closed to registrations. */
export function CancelledBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full bg-destructive px-2.5 py-0.5 text-xs font-semibold text-destructive-foreground',
        className,
      )}
      data-testid="cancelled-badge"
    >
      {FIND_VIEW_TEXTS.cancelled}
    </span>
  );
}

/**
 * An event card (SPEC §2 Events section): image or placeholder, type badge, title, date, location
 * with the distance when known, registrations, 'View Event Details' (the event's own link, in a new
 * tab), registration actions as the viewer's abilities allow, and a link to the event's page.
 */
export function EventCard({ event, className }: { event: Event; className?: string }) {
  const titleId = useId();
  return (
    <Card className={cn('flex flex-col overflow-hidden', className)}>
      <article aria-labelledby={titleId} data-event-id={event.id} className="flex flex-1 flex-col">
        <div className="relative">
          <RemoteImage
            address={event.image}
            media={event.media}
            alt=""
            loading="lazy"
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            className="aspect-video w-full object-cover"
            data-testid="event-image"
            fallback={event.type}
          />
          <EventTypeBadge type={event.type} solid className="absolute top-3 left-3 shadow-sm" />
          {event.cancelled ? <CancelledBadge className="absolute top-3 right-3 shadow-sm" /> : null}
        </div>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <h3 id={titleId} className="text-lg leading-snug font-semibold">
            <Link
              to={eventPath(event.id)}
              className="outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {event.title}
            </Link>
          </h3>
          <ul className="space-y-1.5 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
              {/* The server's time zone rules may differ from this browser's (decision 020). */}
              <time dateTime={event.date} suppressHydrationWarning>
                {formatEventDate(event.date, event.timeZone)}
              </time>
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              <span>
                {event.location}
                {event.distance !== undefined ? (
                  <span className="text-foreground/80"> · {formatDistance(event.distance)}</span>
                ) : null}
              </span>
            </li>
            <li className="flex items-center gap-2">
              <Users className="size-4 shrink-0" aria-hidden="true" />
              <span data-testid="event-registrations">{registrationLabel(event)}</span>
              {event.waitlistCount > 0 ? (
                <span className="text-xs">
                  · {event.waitlistCount} {T.waitlist}
                </span>
              ) : null}
            </li>
          </ul>
          <RegistrationActions event={event} />
          <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-1 text-sm font-medium">
            <Link
              to={eventPath(event.id)}
              className="text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={`Open the page of ${event.title}`}
            >
              Event page
            </Link>
            {event.url ? (
              <a
                href={event.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {T.viewDetails}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            ) : null}
          </div>
        </div>
      </article>
    </Card>
  );
}

/** The card's shape while events load. */
export function EventCardSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden="true" data-testid="event-card-skeleton">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </Card>
  );
}
