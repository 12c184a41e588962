/**
 * The notifications feature's query keys. Every key starts with 'notifications', so that a change
 * that touches them all (an error while marking read) refreshes them with one invalidation.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** GET /api/notifications/unread-count: `{ count }`, set live by the stream's `count` events. */
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  /** The bell menu's list: the latest NOTIFICATIONS_MENU_LIMIT entries (one NotificationsPage). */
  menu: () => [...notificationKeys.all, 'menu'] as const,
  /** The /notifications page's list: an infinite list of NotificationsPage. */
  list: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

export const NOTIFICATIONS_PATH = '/api/notifications';
