import type { AppModule } from '../../context';
import { eventAdminRoutes, eventOrganiserRoutes, eventRoutes } from './routes';
import { seriesRoutes } from './series-routes';

export { EVENTS_CHANGED, eventsCache } from './cache';
export { type EmbeddedEvent, embeddedCalendar, embeddedEvent } from './event-page';
/** Issue 25: who organises an event (admins, the host team's leader and co-leaders). */
export { isOrganiser, requireOrganiser } from './organisers';
/** For the benchmark: the list's SQL, as the endpoint runs it. */
/** Issue 26: saved searches are run as the list runs (restricted to the events written). */
export { type ListOptions, listEventsSql, localDay, replicasAllowedFor, selectEventsPage } from './queries';
/** Issue 26: the stale flag of a series' games, run by housekeeping. */
export { flagUnconfirmedGames } from './series';
/** For the demo seed: events made and joined through the same rules as the API. */
export { createSquad } from './squads';
/** For the demo seed: a waiver set as an organiser would, and the text's digest; for the gate, a player's waiver state (issue 25). */
export { hashText, selectEventWaiver, setEventWaiver, signWaiverAsWitness, waiverStateOf } from './waivers';
export { createEvent, takePlace as registerForEvent, updateEvent } from './writes';
export { onEventsWritten } from './written';

/**
 * Events: the list and calendar (upcoming, by type, by month, near me), one event, search,
 * registration with capacity and waitlist, calendar feeds (all upcoming, one event, a player's
 * own at a secret address); admins and a host team's leader and co-leaders create and edit
 * (issue 25); admins delete and import.
 */
export const eventsModule: AppModule = {
  name: 'events',
  routes: async (app, ctx) => {
    await eventRoutes(app, ctx);
    await eventOrganiserRoutes(app, ctx);
    await seriesRoutes(app, ctx);
  },
  adminRoutes: eventAdminRoutes,
};
