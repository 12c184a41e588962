import type { AppModule } from '../../context';
import { fieldsAdminRoutes, fieldsRoutes } from './routes';

/** For the demo seed and the benchmark: fields made and rated through the same rules as the API; the list's SQL. */
export { listFieldsSql } from './queries';
export { weightedRating } from './rating';
export { createField, rateField, verifyField } from './service';

/**
 * Fields: the directory (by name, by type, near me), one field with its upcoming events, a
 * player's rating (once, Bayesian), the map's tile config; admins add, edit, delete and verify.
 */
export const fieldsModule: AppModule = {
  name: 'fields',
  routes: fieldsRoutes,
  adminRoutes: fieldsAdminRoutes,
};
