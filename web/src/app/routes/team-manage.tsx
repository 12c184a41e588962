import { TEAM_TEXTS } from '@contract/teams';
import { PageContainer, PageTitle } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { EventForm } from '@web/features/events/components/event-form';
import { useTeam } from '@web/features/teams/api/get-team';
import { TeamManager } from '@web/features/teams/components/team-manager';
import { ApiError } from '@web/lib/api';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

const T = TEAM_TEXTS;

/**
 * /teams/{teamId}/manage (protected): the management tabs for the leader and co-leaders; anyone
 * else reads 'You don't have permission to manage this team' (the server refuses them anyway).
 */
export function TeamManagePage() {
  const { teamId = '' } = useParams();
  const navigate = useNavigate();
  const team = useTeam(teamId);

  if (!teamId) return <Notice>{T.teamIdRequired}</Notice>;
  if (team.isPending)
    return (
      <PageContainer aria-busy="true">
        <Skeleton className="h-9 w-1/2" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-64 w-full" />
      </PageContainer>
    );
  if (team.isError) {
    const status = team.error instanceof ApiError ? team.error.status : 0;
    return <Notice>{status === 404 || status === 400 ? T.teamNotFound : T.fetchTeamFailed}</Notice>;
  }
  if (!team.data.abilities.canManage) return <Notice teamId={teamId}>{T.noPermissionTeam}</Notice>;
  return (
    <PageContainer>
      <PageTitle
        title={T.manageTeam}
        description={team.data.name}
        actions={
          <Button asChild variant="outline">
            <Link to={`/teams/${team.data.id}`}>
              <ArrowLeft aria-hidden="true" />
              {team.data.name}
            </Link>
          </Button>
        }
      />
      <TeamManager
        team={team.data}
        onDisbanded={() => navigate('/teams', { replace: true })}
        createEvent={
          // The new event opens: its organisers add sides, a waiver and the roster there.
          <EventForm hostTeamId={team.data.id} onCreated={(e) => navigate(`/events/${e.id}`)} />
        }
      />
    </PageContainer>
  );
}

function Notice({ children, teamId }: { children: ReactNode; teamId?: string }) {
  return (
    <PageContainer>
      <div className="flex flex-col items-center gap-4 rounded-xl border border-border bg-card p-12 text-center">
        <ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{children}</h1>
        <Button asChild variant="outline">
          <Link to={teamId ? `/teams/${teamId}` : '/teams'}>{T.backToTeams}</Link>
        </Button>
      </div>
    </PageContainer>
  );
}
