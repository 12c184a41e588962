import type { AppModule } from '../../context';

/** Badges earned from play: the rules, the awards and the profile's badges (issue 13). */
export const badgesModule: AppModule = { name: 'badges' };
