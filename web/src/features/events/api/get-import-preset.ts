import type { ImportPresetAnswer } from '@contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { eventKeys } from './keys';

/** GET /api/events/import/preset (admin): the preset events site's name and address. */
export function getImportPreset(signal?: AbortSignal): Promise<ImportPresetAnswer> {
  return apiRequest<ImportPresetAnswer>('GET', '/api/events/import/preset', undefined, { signal });
}

export const importPresetQueryOptions = queryOptions({
  queryKey: eventKeys.importPreset(),
  queryFn: ({ signal }) => getImportPreset(signal),
});

export function useImportPreset() {
  return useQuery(importPresetQueryOptions);
}
