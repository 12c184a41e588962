import type { SavedSearch, SavedSearchBody } from '@contract/saved-searches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

/** The gazetteer's suggestions (GET /api/places?q=): the shared place picker's hook. */
export { usePlaces } from '@web/components/place-picker';

export const savedSearchesKey = ['saved-searches'] as const;

export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: savedSearchesKey,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<SavedSearch[]>('GET', '/api/user/saved-searches', undefined, { signal }),
  });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSearchBody) => apiRequest<SavedSearch>('POST', '/api/user/saved-searches', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

export function useDeleteSavedSearch(title: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { title } },
    mutationFn: (id: string) =>
      apiRequest<void>('DELETE', `/api/user/saved-searches/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
