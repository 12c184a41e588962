import { ComingSoon, PageContainer } from '@web/components/page';

/** /fields/{fieldId}: one field (issue 13). */
export function FieldPage() {
  return (
    <PageContainer>
      <ComingSoon />
    </PageContainer>
  );
}
