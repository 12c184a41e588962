import { ComingSoon, PageContainer, PageTitle } from '@web/components/page';

/** /teams/{teamId}/manage (protected). */
export function TeamManagePage() {
  return (
    <PageContainer>
      <PageTitle title="Manage Team" />
      <ComingSoon />
    </PageContainer>
  );
}
