import type { AnalyticsRange, AnalyticsReport } from '@contract/analytics';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';

// A test DOM has no canvas: uPlot is a stub here, as in the product page's test (the browser test
// draws the real charts). The real one, built after a test has moved on, threw on its null context.
vi.mock('uplot', () => ({
  default: class {
    setSize() {}
    setData() {}
    destroy() {}
  },
}));

import { analyticsKeys } from '../api/keys';
import { AnalyticsView, formatDuration } from './analytics-view';

const day = (date: string, sessions: number) => ({
  date,
  sessions,
  pageViews: sessions * 3,
  newPosts: 1,
  registrations: 0,
});
const report = (range: AnalyticsRange, totalSessions: number): AnalyticsReport => ({
  range,
  totalSessions,
  avgDuration: 125,
  topSearches: [{ query: 'sniper', count: 4 }],
  topLocations: [{ country: 'US', count: 9 }],
  postActivity: [{ action: 'create', count: 3 }],
  topPages: [{ path: '/teams', count: 7 }],
  daily: [day('2026-11-24', 2), day('2026-11-25', totalSessions - 2)],
});

const handler = (init: RequestInit & { url: string }) => {
  const range = new URL(init.url, 'http://x').searchParams.get('range') as AnalyticsRange;
  return json(report(range, range === '30d' ? 310 : 42));
};

describe('AnalyticsView', () => {
  it('shows the 7d figures by default, then the 30d ones', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/analytics': handler,
    });
    renderApp(<AnalyticsView />);
    expect(screen.getByTestId('analytics-loading')).toBeInTheDocument();
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('Total Sessions')).toBeInTheDocument();
    expect(screen.getByText('2m 5s')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Top Searches' })).getByText('sniper'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Top Locations' })).getByText('United States'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Post Activity' })).getByText('create'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Top Pages' })).getByText('/teams')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
    expect(screen.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: '30d' }));
    expect(await screen.findByText('310')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
    // The range lives in the address (issue 20).
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?range=30d');
    const urls = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('analytics'));
    expect(urls).toEqual(['/api/admin/analytics?range=7d', '/api/admin/analytics?range=30d']);
  });

  it('opens on the range of the address (/admin/analytics?range=30d), 7d for anything else', async () => {
    mockFetch({ ...signedIn(aUser({ role: 'admin' })), 'GET /api/admin/analytics': handler });
    const { unmount } = renderApp(<AnalyticsView />, { route: '/admin/analytics?range=30d' });
    expect(await screen.findByText('310')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
    unmount();
    renderApp(<AnalyticsView />, { route: '/admin/analytics?range=9999d' });
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("says 'Failed to load analytics' when the report fails", async () => {
    mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/analytics': () => json({ message: 'boom' }, 500),
    });
    renderApp(<AnalyticsView />);
    expect(await screen.findByText('Failed to load analytics')).toBeInTheDocument();
  });

  it('keys each range apart', () => {
    expect(analyticsKeys.report('7d')).not.toEqual(analyticsKeys.report('30d'));
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(3725)).toBe('1h 2m');
  });
});
