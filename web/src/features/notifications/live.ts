import type { Notification } from '@contract/notifications';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { addEntry, setUnreadCount } from './api/cache';
import { NOTIFICATIONS_PATH, notificationKeys } from './api/keys';

export const STREAM_PATH = `${NOTIFICATIONS_PATH}/stream`;

/** The longest wait before opening the stream again after the server refused it. */
const MAX_RETRY_MS = 60_000;

function parse(data: unknown): unknown {
  try {
    return typeof data === 'string' ? JSON.parse(data) : null;
  } catch {
    return null;
  }
}

/** What one event of the stream does to the cache: `count` sets the unread count, `notification` adds the entry. */
export function applyStreamEvent(client: QueryClient, type: string, data: unknown): void {
  const body = parse(data);
  if (!body || typeof body !== 'object') return;
  if (type === 'count') {
    const { count } = body as { count?: unknown };
    if (typeof count === 'number') setUnreadCount(client, count);
  } else if (type === 'notification') {
    const entry = body as Notification;
    if (typeof entry.id === 'string' && typeof entry.text === 'string') addEntry(client, entry);
  }
}

/**
 * The signed-in player's live notifications: one EventSource per tab (DESIGN: Server-Sent Events),
 * open while mounted. The browser reconnects by itself after a dropped connection, sending the last
 * entry's id (Last-Event-ID), so nothing is missed. When the server refuses the stream (a restart
 * answering 502, too many tabs: 429) the browser gives up: it is opened again later, each time
 * twice as late (up to a minute), resuming after the last entry received (`?lastEventId=`), or,
 * without one, reading the lists again.
 */
export function useNotificationStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let lastId = '';
    let stopped = false;
    const open = () => {
      const reopened = failures > 0;
      const stream = new EventSource(
        reopened && lastId ? `${STREAM_PATH}?${new URLSearchParams({ lastEventId: lastId })}` : STREAM_PATH,
      );
      source = stream;
      stream.addEventListener('open', () => {
        failures = 0;
        if (reopened && !lastId) void client.invalidateQueries({ queryKey: notificationKeys.all });
      });
      stream.addEventListener('count', (event) => applyStreamEvent(client, 'count', event.data));
      stream.addEventListener('notification', (event) => {
        if (event.lastEventId) lastId = event.lastEventId;
        applyStreamEvent(client, 'notification', event.data);
      });
      stream.addEventListener('error', () => {
        if (stopped || stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        failures += 1;
        retry = setTimeout(open, Math.min(MAX_RETRY_MS, 1000 * 2 ** failures));
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [client]);
}
