import { TEAM_TEXTS } from '@contract/teams';
import { PageContainer, PageTitle } from '@web/components/page';
import { Card, CardContent } from '@web/components/ui/card';
import { useCreateTeam } from '@web/features/teams/api/create-team';
import {
  emptyTeamForm,
  TeamForm,
  teamFormBody,
  teamServerErrors,
} from '@web/features/teams/components/team-form';
import { toast } from '@web/lib/toast';
import { useNavigate } from 'react-router';

/** /teams/create (protected): the new team's page on success, its creator the leader. */
export function TeamCreatePage() {
  const navigate = useNavigate();
  const create = useCreateTeam();
  return (
    <PageContainer className="max-w-3xl">
      <PageTitle title={TEAM_TEXTS.createTeam} description={TEAM_TEXTS.createDescription} />
      <Card>
        <CardContent className="pt-6">
          <TeamForm
            initial={emptyTeamForm()}
            submitLabel={TEAM_TEXTS.createTeam}
            pendingLabel={TEAM_TEXTS.creating}
            pending={create.isPending}
            onSubmit={(values, setError) =>
              create.mutate(teamFormBody(values), {
                onSuccess: (team) => {
                  toast({ title: TEAM_TEXTS.created });
                  navigate(`/teams/${team.id}`);
                },
                onError: teamServerErrors(setError),
              })
            }
          />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
