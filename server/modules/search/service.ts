import { countryOfRegion, type SearchAllAnswer } from '../../../contract';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/search';
import { selectSearchAll } from './queries';

/**
 * Every group of the header search in one statement (issue 20; selectSearchAll), each store with
 * the country of its region.
 */
export async function searchAll(db: Db, q: string): Promise<SearchAllAnswer> {
  const row = await selectSearchAll(db, likePattern(q));
  return { ...row, stores: row.stores.map((s) => ({ ...s, country: countryOfRegion(s.region) })) };
}

/** How many results an answer holds, for the search analytics. */
export const resultsCount = (a: SearchAllAnswer) =>
  Object.values(a).reduce((sum, list) => sum + list.length, 0);
