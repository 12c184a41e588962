import type { AppModule } from '../../context';
import { catalogRoutes } from './routes';

/** The product catalog: the header search's gear group today; product pages and prices next. */
export const catalogModule: AppModule = { name: 'catalog', routes: catalogRoutes };
