import type { Store } from '@contract/stores';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { type StoreListParams, storeKeys } from './keys';

/** GET /api/stores: by name, of one country when given, nearest first with `near` (adding distance). */
export function getStores(params: StoreListParams = {}, signal?: AbortSignal): Promise<Store[]> {
  const search = new URLSearchParams();
  if (params.country) search.set('country', params.country);
  if (params.near) search.set('near', params.near);
  const query = search.size > 0 ? `?${search}` : '';
  return apiRequest<Store[]>('GET', `/api/stores${query}`, undefined, { signal });
}

export const storesQueryOptions = (params: StoreListParams = {}) =>
  queryOptions({
    queryKey: storeKeys.list(params),
    queryFn: ({ signal }) => getStores(params, signal),
  });

/** The stores; the previous list stays on screen while another country or order loads. */
export function useStores(params: StoreListParams = {}) {
  return useQuery({ ...storesQueryOptions(params), placeholderData: keepPreviousData });
}
