import type { AppModule } from '../../context';
import { teamRoutes } from './routes';

export { listTeamsSql, membersSql, teamSql } from './queries';
export { deleteGalleryItem, disbandTeam } from './service';

/** Teams (issue 12): the directory, team pages, roster, applications, invites, gallery and team feed. */
export const teamsModule: AppModule = { name: 'teams', routes: teamRoutes };
