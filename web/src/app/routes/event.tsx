import { PageContainer } from '@web/components/page';
import { EventDetails } from '@web/features/events/components/event-details';
import { useParams } from 'react-router';

/** /events/{id}: one event's own page. Public. */
export function EventPage() {
  const { eventId = '' } = useParams();
  return (
    <PageContainer>
      <EventDetails key={eventId} id={eventId} />
    </PageContainer>
  );
}
