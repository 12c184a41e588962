import type { BlockedWord } from '@contract/moderation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from './keys';

/** GET /api/admin/blocked-words → [{id, word}], sorted by word (admins only). */
export const blockedWordsQueryKey = adminKeys.blockedWords();

export const blockedWordsQueryOptions = queryOptions<BlockedWord[]>({ queryKey: blockedWordsQueryKey });

export function useBlockedWords() {
  return useQuery(blockedWordsQueryOptions);
}

export const byWord = (a: BlockedWord, b: BlockedWord) => a.word.localeCompare(b.word);
