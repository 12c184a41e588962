import { ADMIN_TEXTS } from '@contract/admin';
import type { BlockedWord } from '@contract/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { blockedWordsQueryKey, byWord } from './get-blocked-words';

/** POST /api/admin/blocked-words {word} → 201 {id, word}; 409 when already blocked. */
export function addBlockedWord(word: string): Promise<BlockedWord> {
  return apiRequest<BlockedWord>('POST', '/api/admin/blocked-words', { word });
}

export function useAddBlockedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBlockedWord,
    meta: { errorToast: { title: ADMIN_TEXTS.blockedWordAddFailed } },
    onSuccess: (added) => {
      queryClient.setQueryData<BlockedWord[]>(blockedWordsQueryKey, (words) =>
        words ? [...words.filter((w) => w.id !== added.id), added].sort(byWord) : words,
      );
    },
  });
}
