import { PROFILE_TEXTS } from '@contract/profiles';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { Shield } from 'lucide-react';
import { Link } from 'react-router';
import { useUserTeams } from '../api/get-user-teams';

/** The teams a player belongs to: name, tag and role. */
export function ProfileTeams({ userId }: { userId: string }) {
  const teams = useUserTeams(userId);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Teams</CardTitle>
      </CardHeader>
      <CardContent>
        {teams.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : teams.isError ? (
          <p className="text-sm text-destructive">{PROFILE_TEXTS.fetchTeamsFailed}</p>
        ) : teams.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{PROFILE_TEXTS.noTeams}</p>
        ) : (
          <ul className="space-y-2">
            {teams.data.map((team) => (
              <li key={team.id}>
                <Link
                  to={`/teams/${team.id}`}
                  className="flex items-center gap-3 rounded-lg border border-border p-3 transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {team.logo ? (
                    <RemoteImage
                      address={team.logo}
                      media={team.media}
                      alt=""
                      className="size-10 rounded-md object-cover"
                      fallback="team-logo"
                    />
                  ) : (
                    <span className="flex size-10 items-center justify-center rounded-md bg-olive/30 text-primary">
                      <Shield className="size-5" aria-hidden="true" />
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">
                      {team.name}{' '}
                      {team.tag ? <span className="text-xs text-muted-foreground">[{team.tag}]</span> : null}
                    </span>
                    <span className="block text-xs text-muted-foreground capitalize">{team.role}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
