import { ComingSoon, PageContainer, PageTitle } from '@web/components/page';

/** /teams: the team directory. */
export function TeamsPage() {
  return (
    <PageContainer>
      <PageTitle title="Team Directory" description="Find a squad that plays your way." />
      <ComingSoon />
    </PageContainer>
  );
}
