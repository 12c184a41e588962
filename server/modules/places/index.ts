import type { AppModule } from '../../context';
import { placesRoutes } from './routes';

export { searchPlaces } from './service';

/** The offline gazetteer (issue 26): cities by name for the Events view's "How far". */
export const placesModule: AppModule = { name: 'places', routes: async (app) => placesRoutes(app) };
