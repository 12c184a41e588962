import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNotification, aPage, entries } from '@web/features/notifications/test-data';
import { json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '../shell/guards';
import { NotificationsPage } from './notifications';

function renderPage() {
  return renderApp(
    <Routes>
      <Route element={<RequireAuth />}>
        <Route path="/notifications" element={<NotificationsPage />} />
      </Route>
      <Route path="/auth" element={<p>auth page</p>} />
      <Route path="*" element={<p>another page</p>} />
    </Routes>,
    { route: '/notifications' },
  );
}

const readCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/notifications/read' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('Notifications page', () => {
  it('sends a signed-out visitor to sign in, coming back here', async () => {
    mockFetch(signedOut());
    renderPage();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?next=%2Fnotifications');
  });

  it("says 'No new notifications' when there are none, with no Mark all as read", async () => {
    mockFetch({ ...signedIn(), 'GET /api/notifications': () => json(aPage([])) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says it failed, and tries again', async () => {
    let fail = true;
    mockFetch({
      ...signedIn(),
      'GET /api/notifications': () => (fail ? json({ message: 'Database down' }, 500) : json(aPage([]))),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch notifications');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
  });

  it('lists 20, loads more with the cursor, until there is no more', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/notifications': ({ url }) => {
        const before = new URL(url, 'http://localhost').searchParams.get('before');
        if (before === '81') return json(aPage(entries(80, 5, { read: true }), { unreadCount: 20 }));
        return json(aPage(entries(100, 20), { nextCursor: '81' }));
      },
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', '/posts/p100');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications?limit=20&before=81', expect.anything());
    expect(within(list).getAllByRole('link')[24]).toHaveAttribute('href', '/posts/p76');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('Mark all as read marks every entry up to the newest', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/notifications': () => json(aPage(entries(30, 3))),
      'GET /api/notifications/unread-count': () => json({ count: 0 }),
      'POST /api/notifications/read': () => json({ count: 0 }),
    });
    renderPage();
    await screen.findByRole('list', { name: 'Notifications' });
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(readCalls(fetchMock)).toEqual([{ upTo: '30' }]);
    await waitFor(() => expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0));
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('opening an entry marks it read and goes there; a gone one is no link and marks itself read', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/notifications': () =>
        json(
          aPage([
            aNotification({ id: '9', url: '/events/e1', text: 'Operation Nightfall moved to Sunday' }),
            aNotification({
              id: '8',
              kind: 'event-cancelled',
              actors: [],
              text: 'Operation Dawn was deleted',
              excerpt: null,
              url: null,
              gone: true,
            }),
          ]),
        ),
      'POST /api/notifications/read': () => json({ count: 1 }),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    await userEvent.click(within(list).getByRole('button', { name: /Operation Dawn was deleted/ }));
    await waitFor(() => expect(readCalls(fetchMock)).toEqual([{ id: '8' }]));
    expect(await within(list).findByText('Operation Dawn was deleted')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument(); // read now: plain text
    await userEvent.click(within(list).getByRole('link', { name: /Operation Nightfall moved to Sunday/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/events/e1'));
    expect(readCalls(fetchMock)).toEqual([{ id: '8' }, { id: '9' }]);
  });
});
