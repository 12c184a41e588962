import { type Attendee, type AttendeeSide, EVENT_SOCIAL_TEXTS } from '@contract/event-social';
import { UserAvatar } from '@web/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { type AttendeesOf, useAttendees } from './api';

const T = EVENT_SOCIAL_TEXTS;

/**
 * "Who's going" on the event page (issue 26): avatars and names, the viewer first, then teammates
 * and players they follow, "and N others" from the count (private registrations are counted, never
 * listed but to the player); per side when the event has sides. The server decides who is listed.
 */
export function WhosGoingCard({ event }: { event: AttendeesOf }) {
  const query = useAttendees(event);
  const data = query.data;
  return (
    <Card id="whos-going" data-testid="whos-going">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5" aria-hidden="true" />
          {T.whosGoing}
          {data ? (
            <span className="text-sm font-normal text-muted-foreground">· {T.going(data.count)}</span>
          ) : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? (
          <div className="flex gap-2" role="status" aria-busy="true" aria-label={T.loadingAttendees}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="size-10 rounded-full" />
            ))}
          </div>
        ) : !data ? (
          <p role="alert" className="text-sm text-destructive">
            {T.attendeesFailed}
          </p>
        ) : data.count === 0 ? (
          <p className="text-sm text-muted-foreground">{T.beFirst}</p>
        ) : data.sides.length > 0 ? (
          data.sides.map((side) => (
            <SideGroup
              key={side.id}
              side={side}
              players={data.players.filter((p) => p.sideId === side.id)}
              namesHidden={data.namesHidden}
            />
          ))
        ) : (
          <PlayerList players={data.players} count={data.count} namesHidden={data.namesHidden} />
        )}
        {data?.namesHidden && data.count > 0 ? (
          <p className="text-sm text-muted-foreground">
            <Link to="/auth" className="font-medium text-primary hover:underline">
              {T.signInToSeeNames}
            </Link>
          </p>
        ) : null}
        {data?.players.some((p) => p.isViewer && p.private) ? (
          <p className="text-xs text-muted-foreground">{T.privateNote}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SideGroup({
  side,
  players,
  namesHidden,
}: {
  side: AttendeeSide;
  players: Attendee[];
  namesHidden: boolean;
}) {
  return (
    <section aria-label={side.name} className="space-y-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <span className="size-3 rounded-full" style={{ backgroundColor: side.colour }} aria-hidden="true" />
        {side.name}
        <span className="font-normal text-muted-foreground">· {T.going(side.count)}</span>
      </h3>
      {side.count === 0 ? (
        <p className="text-sm text-muted-foreground">{T.noSidePlayers}</p>
      ) : (
        <PlayerList players={players} count={side.count} namesHidden={namesHidden} />
      )}
    </section>
  );
}

function PlayerList({
  players,
  count,
  namesHidden,
}: {
  players: Attendee[];
  count: number;
  namesHidden: boolean;
}) {
  const others = count - players.length;
  return (
    <div className="space-y-2">
      {players.length > 0 ? (
        <ul className="grid grid-cols-1 gap-1 min-[360px]:grid-cols-2">
          {players.map((p) => (
            <li key={p.id}>
              <Link
                to={`/profile/${encodeURIComponent(p.username)}`}
                className="flex min-h-11 items-center gap-2 rounded-md px-1 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
              >
                <UserAvatar
                  username={p.username}
                  src={p.avatar}
                  media={p.media}
                  className="size-8"
                  fallbackClassName="text-xs"
                />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">
                    {p.isViewer ? `${p.username} (${T.you})` : p.username}
                  </span>
                  {p.known ? (
                    <span className="block text-xs text-muted-foreground">
                      {p.known === 'teammate' ? T.teammate : T.following}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {others > 0 && players.length > 0 && !namesHidden ? (
        <p className="text-sm text-muted-foreground">{T.andOthers(others)}</p>
      ) : null}
    </div>
  );
}
