import { PageContainer } from '@web/components/page';
import { RulesCard } from '@web/features/events/components/rules-card';
import { FieldDetails } from '@web/features/fields/components/field-details';
import { useParams } from 'react-router';

/** /fields/{fieldId}: one field; its rules drawn by the events area's rules card (issue 13). Public. */
export function FieldPage() {
  const { fieldId = '' } = useParams();
  return (
    <PageContainer>
      <FieldDetails key={fieldId} id={fieldId} renderRules={(rules) => <RulesCard rules={rules} />} />
    </PageContainer>
  );
}
