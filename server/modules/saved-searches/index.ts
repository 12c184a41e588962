import type { AppModule } from '../../context';
import { onEventsWritten } from '../events';
import { notifySavedSearches } from './matching';
import { savedSearchRoutes } from './routes';

export { notifySavedSearches };

/** Saved searches (issue 26): a player's named Events filters, told of new games that match. */
export const savedSearchesModule: AppModule = {
  name: 'saved-searches',
  routes: async (app, ctx) => {
    await savedSearchRoutes(app, ctx);
    // After an event is created, edited or imported: the queued job matches the searches (matching.ts).
    onEventsWritten(notifySavedSearches);
  },
};
