import type { AppModule } from '../../context';
import { galleryRoutes } from './routes';

/**
 * After the game (issue 26): GET /api/events/{id}/photos (the photos of the posts tagged with an
 * event, once it has started), GET /api/user/{userId}/games (a player's games played: checked in)
 * and GET /api/user/post-events (the composer's events). Posts carry the tag (posts module).
 */
export const galleryModule: AppModule = { name: 'gallery', routes: galleryRoutes };
