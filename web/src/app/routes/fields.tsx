import { FIELD_TEXTS } from '@contract/fields';
import { PageContainer, PageTitle } from '@web/components/page';
import { FieldsDirectory } from '@web/features/fields/components/fields-directory';

/** /fields: airsoft fields on a map and in a list beside it (issue 13). Public. */
export function FieldsPage() {
  return (
    <PageContainer>
      <PageTitle title={FIELD_TEXTS.heading} description={FIELD_TEXTS.description} />
      <FieldsDirectory />
    </PageContainer>
  );
}
