import { ComingSoon, PageContainer, PageTitle } from '@web/components/page';

/** /teams/create (protected). */
export function TeamCreatePage() {
  return (
    <PageContainer>
      <PageTitle title="Create Team" />
      <ComingSoon />
    </PageContainer>
  );
}
