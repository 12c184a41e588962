import type { Event } from '@contract/events';
import { PageContainer } from '@web/components/page';
import { EventDetails } from '@web/features/events/components/event-details';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
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
function AfterHydration({ of: Section, event }: { of: ComponentType<{ event: Event }>; event: Event }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Section event={event} /> : null;
}
/** Issue 26: the event's photo gallery, a chunk of its own. */
const Photos = lazy(() =>
  import('@web/features/gallery/event-photos-section').then((m) => ({ default: m.EventPhotosSection })),
);
/** Issue 26: Who's going and the Discussion, a chunk of their own. */
const Social = lazy(() =>
  import('@web/features/event-social/event-social-sections').then((m) => ({
    default: m.EventSocialSections,
  })),
);
/** Issue 26: the Series card (Repeat…, the series' games, Confirm this game), a chunk of its own. */
const Series = lazy(() =>
  import('@web/features/events/components/series-section').then((m) => ({ default: m.SeriesSection })),
);
const series = (event: Event) => <AfterHydration of={Series} event={event} />;
const carpools = (event: Event) => <AfterHydration of={Carpools} event={event} />;
const photos = (event: Event) => <AfterHydration of={Photos} event={event} />;
const social = (event: Event) => <AfterHydration of={Social} event={event} />;

/** Issue 26: /events/series/{id}, a series' page, in this route's chunk (the first load keeps one page loader). */
const SeriesView = lazy(() =>
  import('@web/features/events/components/series-page').then((m) => ({ default: m.SeriesView })),
);

/** /events/{id}: one event's own page; /events/series/{id}: a series of games (issue 26). Public. */
export function EventPage() {
  const { eventId = '', seriesId } = useParams();
  if (seriesId)
    return (
      <PageContainer>
        <Suspense fallback={null}>
          <SeriesView key={seriesId} id={seriesId} />
        </Suspense>
      </PageContainer>
    );
  return (
    <PageContainer>
      <EventDetails
        key={eventId}
        id={eventId}
        gameDay={gameDay}
        series={series}
        carpools={carpools}
        photos={photos}
        social={social}
      />
    </PageContainer>
  );
}
