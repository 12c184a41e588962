import { TUTORIAL_TEXTS, type Tutorial, type TutorialBodyInput } from '@contract/tutorials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { tutorialKeys } from './keys';

/** POST /api/admin/tutorials → 201 the tutorial, with its YouTube data when the server has a key. */
export function createTutorial(body: TutorialBodyInput): Promise<Tutorial> {
  return apiRequest<Tutorial>('POST', '/api/admin/tutorials', body);
}

export function useCreateTutorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTutorial,
    meta: { errorToast: { title: TUTORIAL_TEXTS.createFailed } },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tutorialKeys.lists() }),
  });
}
