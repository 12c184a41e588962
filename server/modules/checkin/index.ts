import type { AppModule } from '../../context';
import { checkInRoutes } from './routes';

/** For the demo seed: the codes as the API computes them. */
export { codeDigest, ticketCode, ticketKey } from './tickets';

/**
 * Game day (issue 25): tickets (signed codes, nothing stored), "My games", the gate's check-in
 * (idempotent; offline scans synced in batches, earliest wins) and chrono results.
 */
export const checkInModule: AppModule = { name: 'checkin', routes: checkInRoutes };
