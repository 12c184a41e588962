import type { UserExportAnswer } from '@contract/data-export';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { dataExportKeys } from './keys';

/** How often the state is asked again while the export is being prepared. */
export const EXPORT_POLL_MS = 3_000;

export const inProgress = (status: UserExportAnswer['status'] | undefined) =>
  status === 'pending' || status === 'running';

/** GET /api/user/export: the viewer's latest export. */
export function getDataExport(signal?: AbortSignal): Promise<UserExportAnswer> {
  return apiRequest<UserExportAnswer>('GET', '/api/user/export', undefined, { signal });
}

export const dataExportQueryOptions = queryOptions({
  queryKey: dataExportKeys.viewer(),
  queryFn: ({ signal }) => getDataExport(signal),
  // Asked again every few seconds while it is being prepared, then no more.
  refetchInterval: (query) => (inProgress(query.state.data?.status) ? EXPORT_POLL_MS : false),
});

export function useDataExport() {
  return useQuery(dataExportQueryOptions);
}
