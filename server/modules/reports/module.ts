import type { AppModule } from '../../context';
import { reportAdminRoutes, reportRoutes } from './routes';

/**
 * Reports and the review queue (issue 24): players report, admins act; every action is audited.
 * Declared here rather than in index.ts: the routes reach posts, teams and gear (an admin deletes
 * a reported subject through them), and those modules' presenters import the reports policy
 * (`canReport`) through index.ts, which would otherwise close an import cycle.
 */
export const reportsModule: AppModule = {
  name: 'reports',
  routes: reportRoutes,
  adminRoutes: reportAdminRoutes,
};
