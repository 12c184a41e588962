import { ComingSoon, PageContainer, PageTitle } from '@web/components/page';

/** /fields: airsoft fields on a map and in a list (issue 13). */
export function FieldsPage() {
  return (
    <PageContainer>
      <PageTitle title="Fields" description="Find airsoft fields near you." />
      <ComingSoon />
    </PageContainer>
  );
}
