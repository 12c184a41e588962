import type { Event } from '@contract/events';
import { DiscussionSection } from './discussion-section';
import { WhosGoingCard } from './whos-going-card';

/** Issue 26 on the event page: Who's going, then the Discussion (one lazily loaded chunk). */
export function EventSocialSections({ event }: { event: Event }) {
  return (
    <>
      <WhosGoingCard event={event} />
      <DiscussionSection eventId={event.id} />
    </>
  );
}
