import { EVENT_TEXTS, type Event, placesLeft } from '@contract/events';
import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { CalendarCheck, Clock, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { useSetRegistration } from '../api/set-registration';

const T = EVENT_TEXTS;

/**
 * Register / Join waitlist / Cancel, shown only as the answer's abilities allow (canRegister,
 * canCancel). The change shows at once and is undone if the server refuses it.
 */
export function RegistrationActions({
  event,
  className,
  register,
}: {
  event: Event;
  className?: string;
  /** Instead of registering at once (the event page's waiver dialog, issue 25). */
  register?: () => void;
}) {
  const { user, isLoading } = useUser();
  const registration = useSetRegistration(event.id);
  const full = placesLeft(event) === 0;
  const label = full ? T.joinWaitlist : T.register;
  // A card's Register on an event that requires a waiver (issue 25) leads to the event page, where
  // its dialog opens (`#register`, waiver-registration.tsx).
  const toPage = !register && !!event.waiverRequired;

  let status: React.ReactNode = null;
  if (event.viewerStatus === 'registered') {
    status = (
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-400">
        <CalendarCheck className="size-4" aria-hidden="true" />
        {T.youAreRegistered}
      </span>
    );
  } else if (event.viewerStatus === 'waitlisted') {
    status = (
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-amber-600 dark:text-amber-400">
        <Clock className="size-4" aria-hidden="true" />
        {T.onWaitlist}
        {event.waitlistPosition ? ` (#${event.waitlistPosition})` : null}
      </span>
    );
  } else if (event.isPast) {
    status = <span className="text-sm text-muted-foreground">{T.eventPassed}</span>;
  }

  const signIn = !isLoading && !user && !event.isPast;
  if (!status && !event.canRegister && !event.canCancel && !signIn) return null;

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)} data-testid="registration">
      {status}
      {event.canRegister ? (
        <Button
          size="sm"
          variant={full ? 'secondary' : 'default'}
          asChild={toPage}
          onClick={toPage ? undefined : (register ?? (() => registration.mutate(true)))}
        >
          {toPage ? <Link to={`/events/${event.id}#register`}>{label}</Link> : label}
        </Button>
      ) : null}
      {event.canCancel ? (
        <Button size="sm" variant="outline" onClick={() => registration.mutate(false)}>
          {event.viewerStatus === 'waitlisted' ? T.leaveWaitlist : T.cancel}
        </Button>
      ) : null}
      {signIn ? (
        <Button size="sm" variant="outline" asChild>
          <Link to="/auth">
            <LogIn aria-hidden="true" />
            Sign in to register
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
