/** The badges feature's query keys (answered by the default GET: the URL's parts). */
export const badgeKeys = {
  user: (userId: string) => ['/api/user', userId, 'badges'] as const,
};
