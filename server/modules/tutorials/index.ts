import type { AppModule } from '../../context';
import { tutorialAdminRoutes, tutorialRoutes } from './routes';

export { refreshYoutubeData, YOUTUBE_REFRESH_MS } from './service';
export {
  createYoutubeClient,
  YOUTUBE_DEFAULT_BASE,
  type YoutubeClient,
  type YoutubeConfig,
  YoutubeError,
} from './youtube';

/**
 * Tutorials: the list (by category) and one tutorial for everyone, with YouTube data kept on the
 * row (fetched on save with YOUTUBE_API_KEY, refreshed daily by housekeeping); admins add, edit
 * (PUT) and delete.
 */
export const tutorialsModule: AppModule = {
  name: 'tutorials',
  routes: tutorialRoutes,
  adminRoutes: tutorialAdminRoutes,
};
