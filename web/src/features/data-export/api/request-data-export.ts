import { EXPORT_TEXTS, type UserExportAnswer } from '@contract/data-export';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { dataExportKeys } from './keys';

/** POST /api/user/export: starts preparing the viewer's data (202 pending; 409 while one is). */
export function requestDataExport(): Promise<UserExportAnswer> {
  return apiRequest<UserExportAnswer>('POST', '/api/user/export');
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    meta: { errorToast: { title: EXPORT_TEXTS.requestFailed } },
    onSuccess: (answer) => queryClient.setQueryData(dataExportKeys.viewer(), answer),
    // A 409 (one is already being prepared) or a 429: the state shown is asked again.
    onError: () => queryClient.invalidateQueries({ queryKey: dataExportKeys.viewer() }),
  });
}
