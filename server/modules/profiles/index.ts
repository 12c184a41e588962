import type { AppModule } from '../../context';
import { profileRoutes } from './routes';

export { type EmbeddedProfile, embeddedProfile } from './first-page';
export { follow, updateProfile } from './service';

/** Profiles: public profiles, profile settings, follows, and the players' search. */
export const profilesModule: AppModule = { name: 'profiles', routes: profileRoutes };
