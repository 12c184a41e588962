import type { AppModule } from '../../context';
import { teamRoutes } from './routes';

/** Teams: a player's teams on their profile today; the directory, pages and management next. */
export const teamsModule: AppModule = { name: 'teams', routes: teamRoutes };
