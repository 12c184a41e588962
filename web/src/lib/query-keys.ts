import type { QueryClient } from '@tanstack/react-query';

/**
 * The roots of the app's query keys, in one factory. Each feature builds its own keys on its root
 * in its `api/keys.ts`, and refreshes them by prefix (its root, or a part under it). A feature
 * that must refresh another's data does it through a root here, never by repeating the other
 * feature's strings. Keys answered by the default GET are the URL's parts (SPEC §7).
 */
export const queryRoots = {
  /** GET /api/user: the signed-in user, `null` when signed out. */
  currentUser: ['/api/user'] as const,
  /** Every profile (a new or deleted post changes its author's counts). */
  profiles: ['/api/profile'] as const,
  events: ['events'] as const,
  fields: ['fields'] as const,
  /** Every list of fields: the directory's and the event form's picker (an admin's change refreshes both). */
  fieldLists: ['fields', 'list'] as const,
  teams: ['teams'] as const,
  gear: ['/api/gear'] as const,
  news: ['/api/news'] as const,
  stores: ['/api/stores'] as const,
  tutorials: ['/api/tutorials'] as const,
  analytics: ['analytics'] as const,
  search: ['search'] as const,
  /** Product pages; Manage Catalog's lists sit under `adminProducts`. */
  products: ['/api/products'] as const,
  adminProducts: ['/api/admin/products'] as const,
};

/** The lists that belong to one player, each read from GET /api/user/{userId}/{list}. */
export type UserList = 'teams' | 'gear' | 'badges';

/**
 * Keys of the user-scoped lists (a player's teams, gear and badges). The list comes before the
 * player, so one invalidation of `userListKeys.all(list)` refreshes that list for every player
 * (a change of membership refreshes every team list a profile shows).
 */
export const userListKeys = {
  all: (list: UserList) => ['user-list', list] as const,
  of: (list: UserList, userId: string) => [...userListKeys.all(list), userId] as const,
};

/** The address of a player's list: GET /api/user/{userId}/{list}. */
export const userListPath = (list: UserList, userId: string) =>
  `/api/user/${encodeURIComponent(userId)}/${list}`;

/**
 * Signed in (login, registration): the user is set, and every other cached answer is marked stale
 * (those on screen are fetched again), as each was read for the anonymous visitor (a like, a
 * registration, what the viewer may do) and is kept only until the viewer's own answer comes.
 */
export function setSignedInViewer(queryClient: QueryClient, user: unknown): void {
  queryClient.setQueryData(queryRoots.currentUser, user);
  void queryClient.invalidateQueries({ predicate: (query) => !isCurrentUserKey(query.queryKey) });
}

const isCurrentUserKey = (key: readonly unknown[]) =>
  key.length === 1 && key[0] === queryRoots.currentUser[0];

/**
 * Signed out (logout, account deletion): the user becomes `null` and every other cached answer
 * is dropped, as each may hold what the signed-in viewer alone could see.
 */
export function clearViewerData(queryClient: QueryClient): void {
  queryClient.setQueryData(queryRoots.currentUser, null);
  queryClient.removeQueries({
    predicate: (query) => !(query.queryKey.length === 1 && query.queryKey[0] === queryRoots.currentUser[0]),
  });
}
