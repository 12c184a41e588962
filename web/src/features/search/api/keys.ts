/** The search feature's query keys. */
export const searchKeys = {
  results: (query: string) => ['search', query.trim()] as const,
};
