import { TUTORIAL_TEXTS, type Tutorial, type TutorialBodyInput } from '@contract/tutorials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { tutorialKeys } from './keys';

/** PUT /api/admin/tutorials/{id} → the tutorial as replaced (admins only). */
export function updateTutorial({ id, body }: { id: string; body: TutorialBodyInput }): Promise<Tutorial> {
  return apiRequest<Tutorial>('PUT', `/api/admin/tutorials/${encodeURIComponent(id)}`, body);
}

export function useUpdateTutorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTutorial,
    meta: { errorToast: { title: TUTORIAL_TEXTS.updateFailed } },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tutorialKeys.lists() }),
  });
}
