import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from './api/keys';
import { useNotificationStream } from './live';
import { aNotification, FakeEventSource } from './test-data';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function open() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(() => useNotificationStream(), { wrapper }) };
}

describe('the notifications stream', () => {
  it('leaves a dropped connection to the browser (it reconnects with Last-Event-ID)', () => {
    open();
    const [stream] = FakeEventSource.instances;
    stream.readyState = FakeEventSource.CONNECTING;
    act(() => stream.emit('error', null));
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens again after a refusal, later each time, resuming after the last entry received', () => {
    const { client } = open();
    const [first] = FakeEventSource.instances;
    act(() => first.emit('notification', aNotification({ id: '9' }), '9'));
    first.readyState = FakeEventSource.CLOSED;
    act(() => first.emit('error', null));
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual([
      '/api/notifications/stream',
      '/api/notifications/stream?lastEventId=9',
    ]);
    // Refused again: twice as late.
    const [, second] = FakeEventSource.instances;
    second.readyState = FakeEventSource.CLOSED;
    act(() => second.emit('error', null));
    vi.advanceTimersByTime(3999);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);
    act(() => FakeEventSource.instances[2].emit('count', { count: 4 }));
    expect(client.getQueryData(notificationKeys.unreadCount())).toEqual({ count: 4 });
  });

  it('closes on unmount (signed out), and opens nothing after', () => {
    const { unmount } = open();
    const [stream] = FakeEventSource.instances;
    stream.readyState = FakeEventSource.CLOSED;
    act(() => stream.emit('error', null));
    unmount();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
