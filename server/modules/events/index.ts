import type { AppModule } from '../../context';
import { eventAdminRoutes, eventRoutes } from './routes';

export { EVENTS_CHANGED, eventsCache } from './cache';
export { type EmbeddedEvent, embeddedCalendar, embeddedEvent } from './event-page';
export { isOrganiser, requireOrganiser } from './organisers';
/** For the benchmark: the list's SQL, as the endpoint runs it. */
export { listEventsSql } from './queries';
/** For the demo seed: events made and joined through the same rules as the API. */
export { createEvent, takePlace as registerForEvent, updateEvent } from './writes';

/**
 * Events: the list and calendar (upcoming, by type, by month, near me), one event, search,
 * registration with capacity and waitlist, calendar feeds (all upcoming, one event, a player's
 * own at a secret address); admins create, edit, delete and import.
 */
export const eventsModule: AppModule = { name: 'events', routes: eventRoutes, adminRoutes: eventAdminRoutes };
