import { TUTORIAL_TEXTS } from '@contract/tutorials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { tutorialKeys } from './keys';

/** DELETE /api/admin/tutorials/{id} → 204 (admins only). */
export async function deleteTutorial(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/tutorials/${encodeURIComponent(id)}`);
}

export function useDeleteTutorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTutorial,
    meta: { errorToast: { title: TUTORIAL_TEXTS.deleteFailed } },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tutorialKeys.lists() }),
  });
}
