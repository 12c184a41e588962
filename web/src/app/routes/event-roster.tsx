import { PageContainer } from '@web/components/page';
import { RosterView } from '@web/features/game-day/components/roster-view';
import { useParams } from 'react-router';

/** /events/{id}/roster: the organisers' roster, waiver and messages (issue 25). Signed in; the API decides who sees it. */
export function EventRosterPage() {
  const { eventId = '' } = useParams();
  return (
    <PageContainer>
      <RosterView key={eventId} eventId={eventId} />
    </PageContainer>
  );
}
