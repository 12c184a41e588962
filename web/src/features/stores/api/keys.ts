import type { StoreCountry } from '@contract/stores';
import { queryRoots } from '@web/lib/query-keys';

export interface StoreListParams {
  country?: StoreCountry;
  /** `lat,lng` for `?near=`. */
  near?: string;
}

/**
 * Query keys of the store locator, from one factory: every key starts with '/api/stores', so one
 * invalidation of `storeKeys.lists()` refreshes every list after an admin's change.
 */
export const storeKeys = {
  all: queryRoots.stores,
  lists: () => [...storeKeys.all, 'list'] as const,
  list: (params: StoreListParams = {}) =>
    [...storeKeys.lists(), { country: params.country ?? null, near: params.near ?? null }] as const,
};
