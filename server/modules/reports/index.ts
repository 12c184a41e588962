import type { AppModule } from '../../context';
import { reportAdminRoutes, reportRoutes } from './routes';

/** Reports and the review queue (issue 24): players report, admins act; every action is audited. */
export const reportsModule: AppModule = {
  name: 'reports',
  routes: reportRoutes,
  adminRoutes: reportAdminRoutes,
};
