import type { BlockedWord } from '@contract/moderation';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/admin/blocked-words → [{id, word}], sorted by word (admins only). */
export const blockedWordsQueryKey = ['/api/admin/blocked-words'] as const;

export const blockedWordsQueryOptions = queryOptions<BlockedWord[]>({ queryKey: blockedWordsQueryKey });

export function useBlockedWords() {
  return useQuery(blockedWordsQueryOptions);
}

export const byWord = (a: BlockedWord, b: BlockedWord) => a.word.localeCompare(b.word);
