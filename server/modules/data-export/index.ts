import type { AppModule } from '../../context';
import { dataExportRoutes } from './routes';

/** What an export holds (other modules' tests check their data shows there). */
export { collectUserData } from './collect';
/** Housekeeping deletes exports past their days, and those of deleted accounts (jobs.ts). */
export { deleteExpiredExports, runDueExports } from './jobs';

/**
 * "Download my data" (issue 24): a player's ZIP of everything the site holds about them, built
 * by a job any process takes once (user_exports, FOR UPDATE SKIP LOCKED), kept 7 days.
 */
export const dataExportModule: AppModule = { name: 'data-export', routes: dataExportRoutes };
