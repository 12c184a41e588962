import { fieldIcsPath } from '@contract/series';
import { PageContainer } from '@web/components/page';
import { RulesCard } from '@web/features/events/components/rules-card';
import { SubscribeLink } from '@web/features/events/components/subscribe-link';
import { useField } from '@web/features/fields/api/get-fields';
import { FieldDetails } from '@web/features/fields/components/field-details';
import { useParams } from 'react-router';

/** /fields/{fieldId}: one field; its rules drawn by the events area's rules card (issue 13). Public. */
export function FieldPage() {
  const { fieldId = '' } = useParams();
  const field = useField(fieldId);
  return (
    <PageContainer>
      <FieldDetails key={fieldId} id={fieldId} renderRules={(rules) => <RulesCard rules={rules} />} />
      {/* Issue 26: the events held at the field, as a calendar feed (once the field is found). */}
      {field.isSuccess ? (
        <div className="mt-4">
          <SubscribeLink href={fieldIcsPath(field.data.id)} />
        </div>
      ) : null}
    </PageContainer>
  );
}
