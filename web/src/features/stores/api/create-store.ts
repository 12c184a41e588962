import { STORE_TEXTS, type Store, type StoreCreateInput } from '@contract/stores';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { storeKeys } from './keys';

/** POST /api/admin/stores → 201 the store (admins only). */
export function createStore(body: StoreCreateInput): Promise<Store> {
  return apiRequest<Store>('POST', '/api/admin/stores', body);
}

export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStore,
    meta: { errorToast: { title: STORE_TEXTS.createFailed } },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: storeKeys.lists() }),
  });
}
