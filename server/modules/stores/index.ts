import type { AppModule } from '../../context';
import { storesAdminRoutes, storesRoutes } from './routes';

/** Store locator: the stores for everyone; admins add, edit (PATCH) and delete them (Manage Stores). */
export const storesModule: AppModule = {
  name: 'stores',
  routes: storesRoutes,
  adminRoutes: storesAdminRoutes,
};
