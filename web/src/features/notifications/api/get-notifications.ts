import {
  NOTIFICATIONS_MENU_LIMIT,
  NOTIFICATIONS_PAGE_DEFAULT,
  type NotificationsPage,
  type UnreadCountAnswer,
} from '@contract/notifications';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { setUnreadCount } from './cache';
import { NOTIFICATIONS_PATH, notificationKeys } from './keys';

/** GET /api/notifications: newest first, `limit` entries older than `before` when given. */
export function getNotifications(
  { limit, before }: { limit: number; before?: string },
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before) params.set('before', before);
  return apiRequest<NotificationsPage>('GET', `${NOTIFICATIONS_PATH}?${params}`, undefined, { signal });
}

/** A page read also tells the unread count (the first page only: it is the freshest). */
async function readPage(client: QueryClient, limit: number, before: string | undefined, signal: AbortSignal) {
  const page = await getNotifications({ limit, before }, signal);
  if (!before) setUnreadCount(client, page.unreadCount);
  return page;
}

/** How long the menu's list is shown without being read again when the menu opens. */
export const MENU_FRESH_MS = 10_000;

/**
 * The bell menu's latest ten. Read when the pointer or the focus reaches the bell (so that the menu
 * opens on its entries, and the keyboard's focus lands on the first one), and again when the menu
 * opens after a while (another tab may have read some); the stream adds what comes in between.
 */
export const menuQueryOptions = queryOptions({
  queryKey: notificationKeys.menu(),
  queryFn: ({ client, signal }) => readPage(client, NOTIFICATIONS_MENU_LIMIT, undefined, signal),
  staleTime: MENU_FRESH_MS,
});

export function useMenuNotifications() {
  return useQuery(menuQueryOptions);
}

/** The /notifications page: 20 a page, Load more with the previous page's `nextCursor`. */
export const listQueryOptions = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ client, pageParam, signal }) => readPage(client, NOTIFICATIONS_PAGE_DEFAULT, pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: NotificationsPage) => last.nextCursor ?? undefined,
  refetchOnMount: 'always',
});

export function useNotificationsList() {
  return useInfiniteQuery(listQueryOptions);
}

/** GET /api/notifications/unread-count: the bell's badge and the document's title. */
export function getUnreadCountAnswer(signal?: AbortSignal): Promise<UnreadCountAnswer> {
  return apiRequest<UnreadCountAnswer>('GET', `${NOTIFICATIONS_PATH}/unread-count`, undefined, { signal });
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: ({ signal }) => getUnreadCountAnswer(signal),
});

/** The unread count: 0 while unknown or when it could not be read. */
export function useUnreadCount(): number {
  return useQuery(unreadCountQueryOptions).data?.count ?? 0;
}
