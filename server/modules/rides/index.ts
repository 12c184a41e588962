import type { AppModule } from '../../context';
import { rideRoutes } from './routes';

/** Called by the events module when a player leaves an event: their rides go, their seats free up. */
export { leaveEventRides } from './service';

/** Carpools (issue 26): each event's board of rides offered and asked for, requests and answers. */
export const ridesModule: AppModule = { name: 'rides', routes: rideRoutes };
