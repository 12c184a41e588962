import type { AppModule } from '../../context';
import { moderationRoutes } from './routes';

export { addBlockedWord, assertNoBlockedWords } from './blocked-words';

/** Moderation: blocked words (admin routes, in the admin scope). */
export const moderationModule: AppModule = { name: 'moderation', adminRoutes: moderationRoutes };
