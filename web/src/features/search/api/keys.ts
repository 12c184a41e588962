import { queryRoots } from '@web/lib/query-keys';

/** The search feature's query keys. */
export const searchKeys = {
  results: (query: string) => [...queryRoots.search, query.trim()] as const,
};
