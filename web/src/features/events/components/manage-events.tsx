import { EVENT_TEXTS, type Event, registrationLabel } from '@contract/events';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { LoaderCircle, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteEvent } from '../api/delete-event';
import { eventPath } from '../api/get-event';
import { useEventPages } from '../api/get-events';
import { EventTypeBadge } from './event-card';
import { EventForm } from './event-form';
import { formatEventDate } from './event-format';
import { ImportEvents } from './import-events';

const T = EVENT_TEXTS;

/** SPEC §9: the admin event list scrolls at 600 px. */
export const ADMIN_EVENT_LIST_HEIGHT_PX = 600;

/** Manage Events (admin): the create/edit form, the list with edit and delete, and the import. */
export function ManageEvents() {
  const [editing, setEditing] = useState<Event | null>(null);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <div className="space-y-6">
        <EventForm editing={editing} onDone={() => setEditing(null)} />
        <ImportEvents />
      </div>
      <EventList
        editingId={editing?.id}
        onEdit={(event) => {
          setEditing(event);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        onDeleted={(id) => {
          if (editing?.id === id) setEditing(null);
        }}
      />
    </div>
  );
}

function EventList({
  editingId,
  onEdit,
  onDeleted,
}: {
  editingId?: string;
  onEdit: (event: Event) => void;
  onDeleted: (id: string) => void;
}) {
  const events = useEventPages({ limit: 50 });
  const remove = useDeleteEvent();

  const onDelete = (event: Event) =>
    remove.mutate(event.id, {
      onSuccess: () => {
        toast({ title: T.eventDeleted });
        onDeleted(event.id);
      },
    });

  const list = events.data?.pages.flat() ?? [];
  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle>Upcoming events</CardTitle>
      </CardHeader>
      <CardContent>
        <div
          className="overflow-y-auto pr-2"
          style={{ height: ADMIN_EVENT_LIST_HEIGHT_PX }}
          data-testid="admin-event-list"
        >
          {events.isPending ? (
            <div className="space-y-3">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : events.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {T.fetchFailed}
            </p>
          ) : list.length === 0 ? (
            <p className="text-sm text-muted-foreground">{T.noEventsForCategory}</p>
          ) : (
            <ul className="divide-y divide-border" aria-label="Events to manage">
              {list.map((event) => (
                <li
                  key={event.id}
                  className="flex items-start gap-3 py-3 data-[editing=true]:bg-accent/40"
                  data-editing={event.id === editingId}
                  aria-label={event.title}
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <EventTypeBadge type={event.type} />
                      <Link to={eventPath(event.id)} className="truncate font-medium hover:underline">
                        {event.title}
                      </Link>
                    </div>
                    <p className="text-xs text-muted-foreground">
                      {formatEventDate(event.date, event.timeZone)} · {event.location} ·{' '}
                      {registrationLabel(event)}
                    </p>
                  </div>
                  {event.canEdit ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-9"
                      aria-label={`Edit ${event.title}`}
                      onClick={() => onEdit(event)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                  ) : null}
                  {event.canDelete ? (
                    <ConfirmDialog
                      trigger={
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-9 text-destructive hover:text-destructive"
                          aria-label={`Delete ${event.title}`}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      }
                      title="Delete this event?"
                      description={`"${event.title}" and its registrations will be removed. This cannot be undone.`}
                      confirmLabel="Delete"
                      onConfirm={() => onDelete(event)}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {events.hasNextPage ? (
            <div className="flex justify-center py-3">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void events.fetchNextPage()}
                disabled={events.isFetchingNextPage}
              >
                {events.isFetchingNextPage ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : null}
                Load more
              </Button>
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
