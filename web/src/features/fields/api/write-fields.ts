import {
  FIELD_TEXTS,
  type Field,
  type FieldCreateInput,
  type FieldDetail,
  type FieldPatchInput,
  type FieldRateAnswer,
} from '@contract/fields';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { fieldKeys } from './keys';

const T = FIELD_TEXTS;
const path = (id: string) => encodeURIComponent(id);

/** POST /api/fields/{id}/rate: once per player; the field's page takes the answer at once. */
export function useRateField(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) =>
      apiRequest<FieldRateAnswer>('POST', `/api/fields/${path(id)}/rate`, { rating }),
    meta: { errorToast: { title: T.rateFailed } },
    onSuccess: ({ counted: _counted, message: _message, ...field }) => {
      queryClient.setQueryData<FieldDetail>(fieldKeys.detail(id), (old) =>
        old ? { ...old, ...field } : old,
      );
      void queryClient.invalidateQueries({ queryKey: fieldKeys.lists() });
    },
  });
}

function useFieldWrite<V>(fn: (v: V) => Promise<unknown>, failed: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorToast: { title: failed } },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fieldKeys.all }),
  });
}

export const useCreateField = () =>
  useFieldWrite(
    (body: FieldCreateInput) => apiRequest<Field>('POST', '/api/admin/fields', body),
    T.createFailed,
  );

export const useUpdateField = () =>
  useFieldWrite(
    ({ id, body }: { id: string; body: FieldPatchInput }) =>
      apiRequest<Field>('PATCH', `/api/admin/fields/${path(id)}`, body),
    T.updateFailed,
  );

export const useVerifyField = () =>
  useFieldWrite(
    ({ id, verified }: { id: string; verified: boolean }) =>
      apiRequest<Field>('POST', `/api/admin/fields/${path(id)}/verify`, { verified }),
    T.verifyFailed,
  );

export const useDeleteField = () =>
  useFieldWrite((id: string) => apiRequest<void>('DELETE', `/api/admin/fields/${path(id)}`), T.deleteFailed);
