import type { Event } from '@contract/events';
import { PageContainer } from '@web/components/page';
import { EventDetails } from '@web/features/events/components/event-details';
import { lazy, useEffect, useState } from 'react';
import { useParams } from 'react-router';

/** Issue 25: the viewer's ticket, garage and the check-in link, a chunk of its own. */
const EventGameDay = lazy(() =>
  import('@web/features/checkin/event-game-day').then((m) => ({ default: m.EventGameDay })),
);
const gameDay = (event: Event) => <EventGameDay event={event} />;
/** Issue 26: the event's carpools, a chunk of their own. */
const Carpools = lazy(() =>
  import('@web/features/rides/carpools-section').then((m) => ({ default: m.CarpoolsSection })),
);
/** Loaded once the page is hydrated: the server's HTML (and hydration) hold none of it. */
function CarpoolsAfterHydration({ event }: { event: Event }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Carpools event={event} /> : null;
}
const carpools = (event: Event) => <CarpoolsAfterHydration event={event} />;
/** Issue 26: the event's photo gallery, a chunk of its own, loaded once hydrated as the carpools are. */
const Photos = lazy(() =>
  import('@web/features/gallery/event-photos-section').then((m) => ({ default: m.EventPhotosSection })),
);
function PhotosAfterHydration({ event }: { event: Event }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Photos event={event} /> : null;
}
const photos = (event: Event) => <PhotosAfterHydration event={event} />;
/** Issue 26: Who's going and the Discussion, a chunk of their own, loaded once hydrated. */
const Social = lazy(() =>
  import('@web/features/event-social/event-social-sections').then((m) => ({
    default: m.EventSocialSections,
  })),
);
function SocialAfterHydration({ event }: { event: Event }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Social event={event} /> : null;
}
const social = (event: Event) => <SocialAfterHydration event={event} />;

/** /events/{id}: one event's own page. Public. */
export function EventPage() {
  const { eventId = '' } = useParams();
  return (
    <PageContainer>
      <EventDetails
        key={eventId}
        id={eventId}
        gameDay={gameDay}
        carpools={carpools}
        photos={photos}
        social={social}
      />
    </PageContainer>
  );
}
