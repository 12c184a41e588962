import type { AppModule } from '../../context';
import { gearRoutes } from './routes';

export { topRatedSql, toRateSql } from './queries';
export {
  addRating,
  createGear,
  deleteGear,
  extendRatedBlock,
  listGearToRate,
  listTopRated,
  rateGear,
  rerankGear,
} from './service';

/** Gear rating: uploads, one-at-a-time rating and the Bayesian top-rated list (issue 13). */
export const gearModule: AppModule = { name: 'gear', routes: gearRoutes };
