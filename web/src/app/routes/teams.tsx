import { TEAM_TEXTS } from '@contract/teams';
import { PageContainer, PageTitle } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import { MyInvites } from '@web/features/teams/components/my-invites';
import { TeamsDirectory } from '@web/features/teams/components/teams-directory';
import { useUser } from '@web/lib/auth';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';

/** /teams: the team directory; a signed-in player also sees Create Team and their invitations. */
export function TeamsPage() {
  const { user } = useUser();
  return (
    <PageContainer>
      <PageTitle
        title={TEAM_TEXTS.directoryTitle}
        description={TEAM_TEXTS.directoryDescription}
        actions={
          user ? (
            <Button asChild>
              <Link to="/teams/create">
                <Plus aria-hidden="true" />
                {TEAM_TEXTS.createTeam}
              </Link>
            </Button>
          ) : null
        }
      />
      {user ? <MyInvites /> : null}
      <TeamsDirectory />
    </PageContainer>
  );
}
