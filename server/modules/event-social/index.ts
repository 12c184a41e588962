import type { AppModule } from '../../context';
import { eventSocialRoutes } from './routes';

/** For the reports' delete action (an admin deletes a reported comment of any event). */
export { deleteEventComment } from './comments';

/** Who's going and questions to the host (issue 26): an event's attendees and its discussion. */
export const eventSocialModule: AppModule = { name: 'event-social', routes: eventSocialRoutes };
