import { ADMIN_TEXTS } from '@contract/admin';
import type { BlockedWord } from '@contract/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { blockedWordsQueryKey } from './get-blocked-words';

/** DELETE /api/admin/blocked-words/{id} → 204. */
export async function removeBlockedWord(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/blocked-words/${encodeURIComponent(id)}`);
}

export function useRemoveBlockedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBlockedWord,
    meta: { errorToast: { title: ADMIN_TEXTS.blockedWordRemoveFailed } },
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<BlockedWord[]>(blockedWordsQueryKey, (words) =>
        words?.filter((w) => w.id !== id),
      );
    },
  });
}
