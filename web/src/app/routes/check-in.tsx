import { PageContainer } from '@web/components/page';
import { CheckInView } from '@web/features/checkin/check-in-view';
import { useParams } from 'react-router';

/** /events/{id}/check-in (issue 25): organisers' gate; the page itself answers 401/403 (it must open offline). */
export function CheckInPage() {
  const { eventId = '' } = useParams();
  return (
    <PageContainer className="max-w-3xl">
      <CheckInView key={eventId} eventId={eventId} />
    </PageContainer>
  );
}
