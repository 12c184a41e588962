import type { AppModule } from '../../context';
import { catalogAdminRoutes, catalogRoutes } from './routes';

/** For the demo seed and tests: offers written (with their price history) through the one rule. */
export { markThirtyDayLows } from './presenters';
export { writeOffer } from './service';

/**
 * The product catalog and price comparison (issue 13): the header search's gear group and the
 * product page for everyone; admins create and edit products and import vendors' price lists
 * (Manage Catalog).
 */
export const catalogModule: AppModule = {
  name: 'catalog',
  routes: catalogRoutes,
  adminRoutes: catalogAdminRoutes,
};
