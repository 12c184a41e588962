import type { AppModule } from '../../context';
import { garageRoutes } from './routes';

export { judgeReplicas } from './service';

/** A player's garage (issue 25): replicas with their last chrono reading, checked against events' limits. */
export const garageModule: AppModule = { name: 'garage', routes: garageRoutes };
