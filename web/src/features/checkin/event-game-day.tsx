import { CHECKIN_TEXTS } from '@contract/checkin';
import { type EventWithReplicas, GARAGE_TEXTS, REPLICA_CLASS_LABELS } from '@contract/garage';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { Link } from 'react-router';
import { TicketCard } from './ticket-card';

/**
 * The event page's game-day part (issue 25, a chunk of its own): the viewer's ticket when
 * registered, their garage against the event's limits, and the check-in link for organisers.
 */
export function EventGameDay({ event }: { event: EventWithReplicas }) {
  const replicas = event.myReplicas ?? [];
  return (
    <>
      {event.abilities?.canCheckIn ? (
        <Button asChild variant="outline" className="min-h-11">
          <Link to={`/events/${event.id}/check-in`}>{CHECKIN_TEXTS.checkInTitle}</Link>
        </Button>
      ) : null}
      {event.viewerStatus === 'registered' ? <TicketCard eventId={event.id} /> : null}
      {replicas.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{GARAGE_TEXTS.eventHeading}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2 text-sm">
              {replicas.map((r) => (
                <li key={r.id} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {r.name}{' '}
                    <span className="text-muted-foreground">
                      ({REPLICA_CLASS_LABELS[r.replicaClass]}, {r.joules.toFixed(2)} J)
                    </span>
                  </span>
                  <span
                    className={cn(
                      'font-medium',
                      r.allowed ? 'text-green-700 dark:text-green-400' : 'text-destructive',
                    )}
                  >
                    {r.limitJoules === null
                      ? GARAGE_TEXTS.noLimit
                      : r.allowed
                        ? GARAGE_TEXTS.within
                        : GARAGE_TEXTS.over}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
