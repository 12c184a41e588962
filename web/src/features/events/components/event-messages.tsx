import { type EventMessagesAnswer, GAME_DAY_TEXTS } from '@contract/game-day';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { apiRequest } from '@web/lib/api';
import { eventKeys } from '../api/keys';

const T = GAME_DAY_TEXTS;

/**
 * The organisers' messages sent to the viewer, a player on the event (issue 25): shown on the
 * event page when there are any (nothing while loading or on a refusal: they are an extra).
 */
export function EventMessages({ eventId }: { eventId: string }) {
  const messages = useQuery({
    queryKey: [...eventKeys.detail(eventId), 'messages'],
    queryFn: ({ signal }) =>
      apiRequest<EventMessagesAnswer>(
        'GET',
        `/api/events/${encodeURIComponent(eventId)}/messages`,
        undefined,
        { signal },
      ),
    retry: false,
    // Read again each time the page opens: a message sent since (the player comes from its
    // notification) would otherwise stay hidden behind the list cached on an earlier visit.
    staleTime: 0,
  });
  const list = messages.data?.messages ?? [];
  if (list.length === 0) return null;
  return (
    <Card data-testid="event-messages">
      <CardHeader>
        <CardTitle>{T.messagesFromOrganisers}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {list.map((m) => (
            <li key={m.id} className="rounded-md border p-3 text-sm">
              <p className="whitespace-pre-wrap break-words">{m.text}</p>
              <p className="mt-1 text-xs text-muted-foreground">
                <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time>
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
