import { GAME_DAY_TEXTS } from '@contract/game-day';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Link } from 'react-router';
import { useOwnWaivers } from '../api/game-day';

const T = GAME_DAY_TEXTS;

/** Settings: the waivers the player signed (the answers they gave), and which ones changed since. */
export function SignedWaiversCard() {
  const waivers = useOwnWaivers();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.myWaivers}</CardTitle>
      </CardHeader>
      <CardContent>
        {waivers.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : waivers.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {T.myWaiversFailed}
          </p>
        ) : waivers.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.myWaiversEmpty}</p>
        ) : (
          <ul className="divide-y">
            {waivers.data.map((w) => (
              <li key={w.id} className="py-3 text-sm">
                <p className="font-medium">
                  {w.eventId ? (
                    <Link
                      to={`/events/${w.eventId}`}
                      className="inline-flex min-h-11 items-center hover:underline"
                    >
                      {w.eventTitle}
                    </Link>
                  ) : (
                    w.eventTitle
                  )}
                </p>
                <p className="text-muted-foreground">
                  {T.waiverVersion(w.version)} · {new Date(w.signedAt).toLocaleString()} · {w.fullName}
                  {w.guardianName ? ` · ${T.guardianName}: ${w.guardianName}` : null}
                </p>
                {w.outdated ? (
                  <p className="font-semibold text-amber-700 dark:text-amber-400">{T.signsAgain}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
