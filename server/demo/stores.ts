import type { Db } from '../db/client';
import type { SessionUser } from '../modules/auth';
import { createStore } from '../modules/stores';

import { STORES } from './data/stores';

/**
 * Demo stores (issue 11; their data: data/stores.ts), made through the store service as an admin
 * would add them.
 */

/** Adds the demo stores as `admin` through the service (its validation is the contract's, upstream). Answers how many. */
export async function seedStores(db: Db, admin: SessionUser): Promise<number> {
  for (const s of STORES)
    await createStore(db, admin, {
      name: s.name,
      region: s.region,
      address: s.address,
      phone: s.phone ?? null,
      website: s.website ?? null,
      lat: s.lat,
      lng: s.lng,
    });
  return STORES.length;
}
