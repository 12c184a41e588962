import { type CurrentUser, VIEWER_DATA_ID } from '@contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api';
import { takeEmbedded } from './embedded';
import { queryRoots } from './query-keys';

/**
 * The signed-in user (SPEC §4 Authentication): loading, then signed in or signed out.
 * A 401 on GET /api/user means signed out (`null`). Login and registration put the user here;
 * logout and account deletion put `null`.
 */
export const userQueryKey = queryRoots.currentUser;

/**
 * The viewer the server put in the page's HTML (decision 020): the answer of GET /api/user, or
 * null when signed out; undefined without one (the page then asks the API).
 */
export function takeEmbeddedViewer(): CurrentUser | null | undefined {
  const viewer = takeEmbedded(VIEWER_DATA_ID);
  if (viewer === null) return null;
  return viewer && typeof viewer === 'object' && typeof (viewer as { id?: unknown }).id === 'string'
    ? (viewer as CurrentUser)
    : undefined;
}

/** Whether the HTML carries a signed-in viewer, not yet taken (without reading it). */
export function embeddedViewerSignedIn(): boolean {
  const block = typeof document === 'undefined' ? null : document.getElementById(VIEWER_DATA_ID);
  return !!block && block.textContent?.trim() !== 'null';
}

/**
 * The query starts from the viewer in the HTML when there is one: no request, and no page renders
 * again when it would have answered.
 */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
  initialData: takeEmbeddedViewer,
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}
