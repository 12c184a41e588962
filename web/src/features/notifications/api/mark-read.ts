import type { MarkReadBody, Notification, UnreadCountAnswer } from '@contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';
import { getUnreadCount, markReadInCache, marks, setUnreadCount } from './cache';
import { NOTIFICATIONS_PATH, notificationKeys } from './keys';

/** POST /api/notifications/read: everything, everything up to an entry (inclusive), or one entry. */
export function markRead(body: MarkReadBody): Promise<UnreadCountAnswer> {
  return apiRequest<UnreadCountAnswer>('POST', `${NOTIFICATIONS_PATH}/read`, body);
}

/** What "Mark all as read" sends: up to the newest entry shown (one that comes meanwhile stays unread). */
export const markAllBody = (items: readonly Notification[]): MarkReadBody =>
  items[0] ? { upTo: items[0].id } : { all: true };

/**
 * Marks entries read: at once in the lists and the count, then the count the server answers (an
 * entry may have come in meanwhile, and the lists do not hold every unread one). A failure says so
 * and reads everything again.
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    meta: { errorToast: { title: 'Failed to mark notifications as read' } },
    onMutate: (body) => {
      const found = markReadInCache(client, marks(body));
      const count = getUnreadCount(client);
      setUnreadCount(client, 'all' in body ? 0 : Math.max(0, count - found));
    },
    // The answer is the unread count after the read.
    onSuccess: (answer) => setUnreadCount(client, answer.count),
    onError: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
