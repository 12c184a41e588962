import type { AppModule } from '../../context';
import { searchRoutes } from './routes';

/** The header search's one call over every group (issue 20); the per-area searches stay in their areas. */
export const searchModule: AppModule = { name: 'search', routes: searchRoutes };
