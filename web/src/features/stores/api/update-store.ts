import { STORE_TEXTS, type Store, type StorePatchInput } from '@contract/stores';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { storeKeys } from './keys';

/** PATCH /api/admin/stores/{id} → the store as changed (admins only). */
export function updateStore({ id, body }: { id: string; body: StorePatchInput }): Promise<Store> {
  return apiRequest<Store>('PATCH', `/api/admin/stores/${encodeURIComponent(id)}`, body);
}

export function useUpdateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStore,
    meta: { errorToast: { title: STORE_TEXTS.updateFailed } },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: storeKeys.lists() }),
  });
}
