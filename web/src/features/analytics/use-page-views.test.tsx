import { act, render } from '@testing-library/react';
import { json, mockFetch } from '@web/test/utils';
import { StrictMode, useState } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportPageView, usePageViews } from './use-page-views';

let go: (to: string) => void = () => {};
let rerender: () => void = () => {};

function Probe() {
  usePageViews();
  const navigate = useNavigate();
  const [, setTick] = useState(0);
  go = (to) => navigate(to);
  rerender = () => setTick((t) => t + 1);
  return null;
}

const pageViews = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/analytics/page-view')
    .map(([, init]) => JSON.parse(String(init?.body)) as { path: string; referrer?: string });

function withBeacon(sendBeacon: (url: string, data?: BodyInit | null) => boolean) {
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
}

/** jsdom's Blob has no text(). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

afterEach(() => {
  // jsdom has no sendBeacon: take ours away again.
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
});

describe('usePageViews', () => {
  it('posts {path} once per pathname change, with keepalive and credentials, skipping repeats', async () => {
    const fetchMock = mockFetch({
      'POST /api/analytics/page-view': () => new Response(null, { status: 204 }),
    });
    // StrictMode runs the effect twice on mount: still one report.
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/teams']}>
          <Probe />
        </MemoryRouter>
      </StrictMode>,
    );
    expect(pageViews(fetchMock).map((v) => v.path)).toEqual(['/teams']);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');

    act(() => rerender());
    act(() => go('/teams?tab=all'));
    expect(pageViews(fetchMock)).toHaveLength(1);

    act(() => go('/profile/medic_07'));
    act(() => go('/profile/medic_07'));
    act(() => go('/'));
    expect(pageViews(fetchMock)).toEqual([
      { path: '/teams' },
      { path: '/profile/medic_07', referrer: '/teams' },
      { path: '/', referrer: '/profile/medic_07' },
    ]);
  });

  it('uses navigator.sendBeacon with a JSON Blob when it is there', async () => {
    const fetchMock = mockFetch({});
    const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    withBeacon(sendBeacon);
    render(
      <MemoryRouter initialEntries={['/gear']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, data] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/api/analytics/page-view');
    expect(data).toBeInstanceOf(Blob);
    expect((data as Blob).type).toBe('application/json');
    expect(JSON.parse(await readBlob(data as Blob))).toEqual({ path: '/gear' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to fetch when the beacon is refused, and never throws', async () => {
    withBeacon(() => false);
    const fetchMock = mockFetch({ 'POST /api/analytics/page-view': () => json({ message: 'down' }, 500) });
    expect(() => reportPageView('/x')).not.toThrow();
    expect(pageViews(fetchMock)).toEqual([{ path: '/x' }]);

    withBeacon(() => {
      throw new TypeError('beacon broken');
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(() => reportPageView('/y')).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
  });
});
