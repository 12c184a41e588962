import { CHECKIN_TEXTS, type MyGame } from '@contract/checkin';
import { useQuery } from '@tanstack/react-query';
import { PageContainer, PageTitle } from '@web/components/page';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { TicketQr, TicketText } from '@web/features/checkin/ticket-card';
import { apiRequest } from '@web/lib/api';
import { Link } from 'react-router';

const when = (g: MyGame) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: g.timeZone }).format(
    new Date(g.date),
  );

/** /my-games (signed in): the viewer's upcoming games with their tickets (issue 25). */
export function MyGamesPage() {
  const games = useQuery({
    queryKey: ['/api/user/games'],
    queryFn: ({ signal }) => apiRequest<MyGame[]>('GET', '/api/user/games', undefined, { signal }),
  });
  return (
    <PageContainer className="max-w-3xl">
      <PageTitle title={CHECKIN_TEXTS.myGames} />
      {games.isPending && <PageSpinner />}
      {games.isError && <p role="alert">{CHECKIN_TEXTS.myGamesFailed}</p>}
      {games.data?.length === 0 && <p className="text-muted-foreground">{CHECKIN_TEXTS.myGamesEmpty}</p>}
      <ul className="space-y-4">
        {games.data?.map((g) => (
          <li key={g.eventId}>
            <Card>
              <CardHeader>
                <CardTitle>
                  <Link to={`/events/${g.eventId}`} className="underline-offset-4 hover:underline">
                    {g.title}
                  </Link>
                </CardTitle>
                <p className="text-muted-foreground text-sm">
                  {when(g)} · {g.location}
                </p>
              </CardHeader>
              <CardContent className="flex flex-col items-center gap-2">
                {g.code ? (
                  <>
                    <TicketQr code={g.code} />
                    <TicketText code={g.code} />
                  </>
                ) : (
                  <p>{CHECKIN_TEXTS.waitlisted}</p>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
