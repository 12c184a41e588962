import { ComingSoon, PageContainer, PageTitle } from '@web/components/page';

/** /teams/{teamId}: a team's page. */
export function TeamPage() {
  return (
    <PageContainer>
      <PageTitle title="Team" />
      <ComingSoon />
    </PageContainer>
  );
}
