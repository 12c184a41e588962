import { STORE_TEXTS } from '@contract/stores';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { storeKeys } from './keys';

/** DELETE /api/admin/stores/{id} → 204 (admins only). */
export async function deleteStore(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/stores/${encodeURIComponent(id)}`);
}

export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStore,
    meta: { errorToast: { title: STORE_TEXTS.deleteFailed } },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: storeKeys.lists() }),
  });
}
