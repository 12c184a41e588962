import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aNotification, aPage, entries, FakeEventSource } from '../test-data';
import { NotificationBell } from './notification-bell';

const bell = () => screen.findByRole('button', { name: /^Notifications/ });
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/notifications/read' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => {
  FakeEventSource.instances = [];
  document.title = 'Airsoft Community';
});
afterEach(() => {
  document.title = '';
});

describe('the notifications bell', () => {
  it('shows the unread count as a badge and in the title, 99+ above 99', async () => {
    let count = 3;
    mockFetch({ ...signedIn(), 'GET /api/notifications/unread-count': () => json({ count }) });
    const first = renderApp(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('3');
    await waitFor(() => expect(document.title).toBe('(3) Airsoft Community'));
    first.unmount();
    expect(document.title).toBe('Airsoft Community');

    count = 100;
    renderApp(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 99+ unread' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('99+');
    await waitFor(() => expect(document.title).toBe('(99+) Airsoft Community'));
  });

  it('has no badge and a plain title when nothing is unread', async () => {
    mockFetch({ ...signedIn(), 'GET /api/notifications/unread-count': () => json({ count: 0 }) });
    renderApp(<NotificationBell />);
    expect(await bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(document.title).toBe('Airsoft Community');
  });

  it('keeps the count in front of a title a page sets', async () => {
    mockFetch({ ...signedIn(), 'GET /api/notifications/unread-count': () => json({ count: 2 }) });
    renderApp(<NotificationBell />);
    await waitFor(() => expect(document.title).toBe('(2) Airsoft Community'));
    document.title = 'Teams · Airsoft Community';
    await waitFor(() => expect(document.title).toBe('(2) Teams · Airsoft Community'));
  });

  it("menu: titled Notifications, 'No new notifications' when there are none, and a link to the page", async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/notifications/unread-count': () => json({ count: 0 }),
      'GET /api/notifications': () => json(aPage([])),
    });
    renderApp(<NotificationBell />);
    await userEvent.click(await bell());
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Notifications')).toBeInTheDocument();
    expect(await within(menu).findByText('No new notifications')).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('menu: lists the latest ten with avatar, sentence, excerpt and time, unread ones marked', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/notifications/unread-count': () => json({ count: 1 }),
      'GET /api/notifications': () =>
        json(
          aPage([
            aNotification({ id: '12' }),
            aNotification({
              id: '11',
              kind: 'event-reminder',
              read: true,
              actors: [],
              actorCount: 0,
              text: 'Operation Nightfall starts tomorrow at Quarry Field',
              excerpt: null,
              url: '/events/e1',
            }),
          ]),
        ),
    });
    renderApp(<NotificationBell />);
    await userEvent.click(await bell());
    const menu = await screen.findByRole('menu');
    const unread = await within(menu).findByRole('menuitem', { name: /alex_recon commented on your post/ });
    expect(unread).toHaveAccessibleName(/^Unread: alex_recon commented/);
    expect(unread).toHaveAttribute('href', '/posts/00000000-0000-4000-8000-0000000000p1');
    expect(within(unread).getByText('AL')).toBeInTheDocument(); // the actor's avatar (initials)
    expect(within(unread).getByText('Great op, same time next week?')).toHaveClass('truncate');
    expect(within(unread).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(unread).getByTestId('unread-dot')).toBeInTheDocument();
    const read = within(menu).getByRole('menuitem', { name: /Operation Nightfall/ });
    expect(within(read).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(read).toHaveAccessibleName(/^Operation Nightfall/);
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications?limit=10', expect.anything());
  });

  it('reads the list when the focus reaches the bell, so that the keyboard opens the menu on the newest entry', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/notifications/unread-count': () => json({ count: 2 }),
      'GET /api/notifications': () => json(aPage(entries(8, 2))),
    });
    renderApp(<NotificationBell />);
    const button = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const listCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/notifications?'));
    expect(listCalls()).toHaveLength(0);
    await userEvent.tab();
    expect(button).toHaveFocus();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /#8/ })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: /#7/ })).toHaveFocus();
    expect(listCalls()).toHaveLength(1);
  });

  it('opening an entry marks it read and goes to its page; a gone entry is no link', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/notifications/unread-count': () => json({ count: 2 }),
      'GET /api/notifications': () =>
        json(
          aPage([
            aNotification({ id: '7' }),
            aNotification({
              id: '6',
              kind: 'team-disbanded',
              actors: [],
              text: 'The team Night Owls was disbanded',
              excerpt: null,
              url: null,
              gone: true,
            }),
          ]),
        ),
      'POST /api/notifications/read': () => json({ count: 1 }),
    });
    renderApp(<NotificationBell />, { route: '/teams' });
    await userEvent.click(await bell());
    const gone = await screen.findByRole('menuitem', { name: /Night Owls was disbanded/ });
    expect(gone).not.toHaveAttribute('href');
    expect(gone.tagName).not.toBe('A');
    await userEvent.click(screen.getByRole('menuitem', { name: /alex_recon commented/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/posts/00000000-0000-4000-8000-0000000000p1'),
    );
    await waitFor(() => expect(posts(fetchMock)).toEqual([{ id: '7' }]));
  });

  it('Mark all as read marks up to the newest entry shown; the badge shows the count the server answers', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/notifications/unread-count': () => json({ count: 12 }),
      'GET /api/notifications': () => json(aPage(entries(40, 10), { nextCursor: '31', unreadCount: 12 })),
      // One came in meanwhile: it stays unread.
      'POST /api/notifications/read': () => json({ count: 1 }),
    });
    renderApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 12 unread' }));
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: /#40/ });
    expect(within(menu).getAllByTestId('unread-dot')).toHaveLength(10);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mark all as read' }));
    expect(posts(fetchMock)).toEqual([{ upTo: '40' }]);
    await waitFor(() => expect(within(menu).queryAllByTestId('unread-dot')).toHaveLength(0));
    // The menu stays open; the badge says what is left.
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('is live: one stream per tab; a count sets the badge, a notification goes to the top of the open menu', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockFetch({
      ...signedIn(),
      'GET /api/notifications/unread-count': () => json({ count: 0 }),
      'GET /api/notifications': () => json(aPage([aNotification({ id: '5', read: true })])),
    });
    const { unmount } = renderApp(<NotificationBell />);
    await userEvent.click(await bell());
    await screen.findByRole('menuitem', { name: /alex_recon commented/ });
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/notifications/stream']);
    const [stream] = FakeEventSource.instances;

    act(() => {
      stream.emit(
        'notification',
        aNotification({ id: '9', text: 'medic_07 commented on your post', excerpt: 'Nice loadout' }),
        '9',
      );
      stream.emit('count', { count: 1 });
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items[0]).toHaveAccessibleName(/^Unread: medic_07 commented on your post/);
    await waitFor(() => expect(document.title).toBe('(1) Airsoft Community'));

    // A grouped entry that gains an actor comes again with a new id: it replaces its old self.
    act(() => {
      stream.emit(
        'notification',
        aNotification({ id: '10', kind: 'like', url: '/posts/p9', text: 'alex_recon liked your post' }),
      );
      stream.emit(
        'notification',
        aNotification({
          id: '11',
          kind: 'like',
          url: '/posts/p9',
          text: 'alex_recon and 1 other liked your post',
        }),
      );
    });
    await screen.findByRole('menuitem', { name: /and 1 other liked your post/ });
    expect(
      screen.queryByRole('menuitem', { name: /^Unread: alex_recon liked your post/ }),
    ).not.toBeInTheDocument();

    unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });
});
