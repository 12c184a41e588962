import {
  type MarkReadBody,
  NOTIFICATIONS_MENU_LIMIT,
  type Notification,
  type NotificationsPage,
  type UnreadCountAnswer,
} from '@contract/notifications';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys';

/**
 * What the stream and the mark-read calls do to the cached lists (the bell menu's and the page's)
 * and to the unread count, so that both show the same thing without asking the server again.
 */

/** Ids are decimal integers without leading zeros (up to 18 digits): compared by length, then by digits. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether `cached` is the entry that `incoming` replaces: the same id (the stream's resume sends an
 * entry again), or the same group while unread (likes on one post, new followers: a grouped entry
 * that gains an actor takes a new id and comes again on the stream).
 */
export function replaces(incoming: Notification, cached: Notification): boolean {
  if (incoming.id === cached.id) return true;
  if (cached.read || incoming.kind !== cached.kind) return false;
  if (incoming.kind === 'follow') return true;
  if (incoming.kind === 'like') return incoming.url !== null && incoming.url === cached.url;
  return false;
}

/** `items` (newest first) with `entry` in its place and whatever it replaces left out. */
export function withEntry(items: readonly Notification[], entry: Notification): Notification[] {
  const kept = items.filter((n) => !replaces(entry, n));
  const at = kept.findIndex((n) => compareIds(n.id, entry.id) < 0);
  return at < 0 ? [...kept, entry] : [...kept.slice(0, at), entry, ...kept.slice(at)];
}

/** The menu's list with a new entry: the latest ten still. */
export function menuWithEntry(page: NotificationsPage, entry: Notification): NotificationsPage {
  const items = withEntry(page.items, entry);
  if (items.length <= NOTIFICATIONS_MENU_LIMIT) return { ...page, items };
  const shown = items.slice(0, NOTIFICATIONS_MENU_LIMIT);
  return { ...page, items: shown, nextCursor: shown[shown.length - 1].id };
}

/**
 * The page's list with a new entry: what it replaces leaves whichever page holds it, and the entry
 * goes into the first page that reaches down to it. An entry older than every page loaded, with
 * more to load, is left to Load more.
 */
export function listWithEntry(
  data: InfiniteData<NotificationsPage, string | undefined>,
  entry: Notification,
): InfiniteData<NotificationsPage, string | undefined> {
  let placed = false;
  const pages = data.pages.map((page) => {
    const kept = page.items.filter((n) => !replaces(entry, n));
    const last = kept[kept.length - 1];
    if (!placed && (page.nextCursor === null || (last && compareIds(last.id, entry.id) < 0))) {
      placed = true;
      return { ...page, items: withEntry(kept, entry) };
    }
    return kept.length === page.items.length ? page : { ...page, items: kept };
  });
  return { ...data, pages };
}

/** A new entry from the stream, into each cached list. */
export function addEntry(client: QueryClient, entry: Notification): void {
  client.setQueryData<NotificationsPage>(notificationKeys.menu(), (page) =>
    page ? menuWithEntry(page, entry) : page,
  );
  client.setQueryData<InfiniteData<NotificationsPage, string | undefined>>(notificationKeys.list(), (data) =>
    data ? listWithEntry(data, entry) : data,
  );
}

/** Which entries a POST /api/notifications/read body marks read. */
export function marks(body: MarkReadBody): (n: Notification) => boolean {
  if ('all' in body) return () => true;
  if ('upTo' in body) return (n) => compareIds(n.id, body.upTo) <= 0;
  return (n) => n.id === body.id;
}

const readWhere = (items: Notification[], match: (n: Notification) => boolean) =>
  items.some((n) => !n.read && match(n))
    ? items.map((n) => (!n.read && match(n) ? { ...n, read: true } : n))
    : items;

/** Marks the matching entries read in each cached list; answers how many unread ones it found. */
export function markReadInCache(client: QueryClient, match: (n: Notification) => boolean): number {
  const seen = new Set<string>();
  const count = (items: Notification[]) => {
    for (const n of items) if (!n.read && match(n)) seen.add(n.id);
  };
  client.setQueryData<NotificationsPage>(notificationKeys.menu(), (page) => {
    if (!page) return page;
    count(page.items);
    return { ...page, items: readWhere(page.items, match) };
  });
  client.setQueryData<InfiniteData<NotificationsPage, string | undefined>>(
    notificationKeys.list(),
    (data) => {
      if (!data) return data;
      for (const page of data.pages) count(page.items);
      return { ...data, pages: data.pages.map((page) => ({ ...page, items: readWhere(page.items, match) })) };
    },
  );
  return seen.size;
}

export const getUnreadCount = (client: QueryClient): number =>
  client.getQueryData<UnreadCountAnswer>(notificationKeys.unreadCount())?.count ?? 0;

/** Sets the unread count; none left means every entry shown is read (another tab marked them). */
export function setUnreadCount(client: QueryClient, count: number): void {
  client.setQueryData<UnreadCountAnswer>(notificationKeys.unreadCount(), { count });
  if (count === 0) markReadInCache(client, () => true);
}
