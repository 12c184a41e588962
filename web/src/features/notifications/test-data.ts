import type { Notification, NotificationPreferences, NotificationsPage } from '@contract/notifications';
import { NOTIFICATION_DEFAULTS } from '@contract/notifications';

/** Test data in the shapes of contract/notifications.ts. */
export const ALEX = { id: '00000000-0000-4000-8000-0000000000a1', username: 'alex_recon', avatar: null };

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '100',
    kind: 'comment',
    read: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    actors: [ALEX],
    actorCount: 1,
    text: 'alex_recon commented on your post',
    excerpt: 'Great op, same time next week?',
    url: '/posts/00000000-0000-4000-8000-0000000000p1',
    gone: false,
    ...overrides,
  };
}

/** Entries with ids from `from` down, newest first. */
export const entries = (from: number, count: number, overrides: Partial<Notification> = {}) =>
  Array.from({ length: count }, (_, i) =>
    aNotification({
      id: String(from - i),
      text: `alex_recon commented on your post #${from - i}`,
      url: `/posts/p${from - i}`,
      ...overrides,
    }),
  );

export const aPage = (
  items: Notification[],
  overrides: Partial<NotificationsPage> = {},
): NotificationsPage => ({
  items,
  nextCursor: null,
  unreadCount: items.filter((n) => !n.read).length,
  ...overrides,
});

export const preferences = (overrides: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  kinds: { ...NOTIFICATION_DEFAULTS },
  digest: false,
  emailConfigured: true,
  ...overrides,
});

/**
 * A stand-in for the browser's EventSource (jsdom has none): the tests open it through the bell and
 * `emit` the server's events on it.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  removeEventListener() {}

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  emit(type: string, data: unknown, lastEventId = '') {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
