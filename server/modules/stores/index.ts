import type { AppModule } from '../../context';
import { storesAdminRoutes, storesRoutes } from './routes';

/** For the demo seed: stores made through the same rules as the API. */
export { createStore } from './service';

/** Store locator: the stores for everyone; admins add, edit (PATCH) and delete them (Manage Stores). */
export const storesModule: AppModule = {
  name: 'stores',
  routes: storesRoutes,
  adminRoutes: storesAdminRoutes,
};
