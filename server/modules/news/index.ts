import type { AppModule } from '../../context';
import { newsAdminRoutes, newsRoutes } from './routes';

/** News: the list and one article for everyone; admins write, edit (PUT) and delete (Manage News). */
export const newsModule: AppModule = { name: 'news', routes: newsRoutes, adminRoutes: newsAdminRoutes };
