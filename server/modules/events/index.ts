import type { AppModule } from '../../context';
import { eventRoutes } from './routes';

/** Events: the header search's events group today; the calendar, registration and feeds next. */
export const eventsModule: AppModule = { name: 'events', routes: eventRoutes };
