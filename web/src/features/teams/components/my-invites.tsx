import { TEAM_TEXTS } from '@contract/teams';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast } from '@web/lib/toast';
import { Check, Mail, X } from 'lucide-react';
import { Link } from 'react-router';
import { useMyInvites, useRespondToInvite } from '../api/invites';
import { TeamLogo } from './team-logo';

const T = TEAM_TEXTS;

/** The viewer's pending invitations, at the top of the directory, with Accept and Decline. */
export function MyInvites() {
  const invites = useMyInvites(true);
  const respond = useRespondToInvite();
  if (!invites.data || invites.data.length === 0) return null;
  return (
    <section aria-labelledby="my-invites-heading" className="space-y-3">
      <h2 id="my-invites-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Mail className="size-5 text-primary" aria-hidden="true" />
        {T.yourInvites}
      </h2>
      <ul className="space-y-2">
        {invites.data.map((invite) => {
          const busy = respond.isPending && respond.variables?.inviteId === invite.id;
          return (
            <li key={invite.id}>
              <Card className="flex flex-wrap items-center gap-3 p-4">
                <TeamLogo
                  logo={invite.team.logo}
                  media={invite.media}
                  className="size-10 shrink-0 rounded-md"
                />
                <p className="min-w-0 flex-1 text-sm">
                  {T.invitedTo}{' '}
                  <Link
                    to={`/teams/${invite.team.id}`}
                    className="font-semibold text-primary hover:underline"
                  >
                    {invite.team.name}
                  </Link>
                  {invite.invitedBy ? (
                    <span className="block text-xs text-muted-foreground">
                      {T.invitedBy} {invite.invitedBy.username}
                    </span>
                  ) : null}
                </p>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={busy}
                    aria-label={`${T.accept} ${invite.team.name}`}
                    onClick={() =>
                      respond.mutate(
                        { inviteId: invite.id, accept: true },
                        { onSuccess: () => toast({ title: T.inviteAccepted }) },
                      )
                    }
                  >
                    <Check aria-hidden="true" />
                    {T.accept}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-label={`${T.decline} ${invite.team.name}`}
                    onClick={() =>
                      respond.mutate(
                        { inviteId: invite.id, accept: false },
                        { onSuccess: () => toast({ title: T.inviteDeclined }) },
                      )
                    }
                  >
                    <X aria-hidden="true" />
                    {T.decline}
                  </Button>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
