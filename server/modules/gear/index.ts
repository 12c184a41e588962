import type { AppModule } from '../../context';

/** Gear rating: uploads, one-at-a-time rating and the Bayesian top-rated list (issue 13). */
export const gearModule: AppModule = { name: 'gear' };
