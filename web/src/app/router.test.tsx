import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from './router';

const location = () => screen.getByTestId('location').textContent;
const search = () => screen.getByTestId('location').getAttribute('data-search');

describe('routes', () => {
  it.each(['/settings', '/gear', '/teams/create', '/teams/t-1/manage', '/notifications'])(
    'send a signed-out visitor from %s to /auth with the page as next',
    async (route) => {
      mockFetch(signedOut());
      renderApp(<AppRoutes />, { route });
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
      expect(location()).toBe('/auth');
      expect(search()).toBe(`?next=${encodeURIComponent(route)}`);
    },
  );

  it('keep the query string of the page asked for in next', async () => {
    mockFetch(signedOut());
    renderApp(<AppRoutes />, { route: '/gear?tab=top' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(new URLSearchParams(search() ?? '').get('next')).toBe('/gear?tab=top');
  });

  it('come back to next after signing in', async () => {
    let user: unknown = null;
    mockFetch({
      'GET /api/user': () => (user ? json(user) : json({ message: 'Not signed in' }, 401)),
      'POST /api/login': () => {
        user = aUser();
        return json(user);
      },
    });
    renderApp(<AppRoutes />, { route: '/auth?next=%2Fsettings' });
    await userEvent.type(await screen.findByLabelText('Username'), 'ghost_actual');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByRole('heading', { name: 'Settings', level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(location()).toBe('/settings');
  }, 30_000);

  it.each([
    ['/auth?next=%2Fteams%3FplayStyle%3Dmilsim', '/teams', '?playStyle=milsim'],
    ['/auth?next=%2F%2Fevil.com', '/', ''],
    ['/auth?next=%2F%5Cevil.com', '/', ''],
    ['/auth?next=https%3A%2F%2Fevil.com', '/', ''],
    ['/auth?next=javascript%3Aalert(1)', '/', ''],
    ['/auth?next=%252F%252Fevil.com', '/', ''],
  ])('send a signed-in visitor from %s to %s%s (same-site paths only)', async (route, path, query) => {
    mockFetch({ ...signedIn(), 'GET /api/posts/feed': () => json([]), 'GET /api/teams': () => json([]) });
    renderApp(<AppRoutes />, { route });
    await waitFor(() => expect(location()).toBe(path));
    expect(search()).toBe(query);
  });

  it.each([
    ['feed', '/'],
    ['events', '/events'],
    ['locator', '/stores'],
    ['news', '/news'],
    ['tutorials', '/tutorials'],
    ['admin', '/admin'],
    ['no-such-section', '/'],
  ])('redirect the old address /?section=%s to %s, replacing it', async (section, path) => {
    mockFetch({ ...signedOut(), 'GET /api/posts/feed': () => json([]) });
    renderApp(<AppRoutes />, { route: `/?section=${section}` });
    await waitFor(() => expect(location()).toBe(path));
    expect(search()).toBe('');
  });

  it('keep the other query parameters of an old section address', async () => {
    mockFetch(signedOut());
    renderApp(<AppRoutes />, { route: '/?section=tutorials&category=Tactics' });
    await waitFor(() => expect(location()).toBe('/tutorials'));
    expect(search()).toBe('?category=Tactics');
    expect(await screen.findByRole('button', { name: 'Tactics', pressed: true })).toBeInTheDocument();
  });

  it('show Admins only. at /admin and /admin/events to a player who is not an admin', async () => {
    for (const route of ['/admin', '/admin/events']) {
      mockFetch(signedIn(aUser({ role: 'user' })));
      const { unmount } = renderApp(<AppRoutes />, { route });
      expect(await screen.findByText('Admins only.')).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Admin tools' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('link the hero’s Explore Events to /events', async () => {
    mockFetch({ ...signedOut(), 'GET /api/posts/feed': () => json([]) });
    renderApp(<AppRoutes />, { route: '/' });
    expect(await screen.findByRole('link', { name: 'Explore Events' })).toHaveAttribute('href', '/events');
  });

  it('show a spinner while the current user loads', async () => {
    let answer: (r: Response) => void = () => {};
    mockFetch({ 'GET /api/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp(<AppRoutes />, { route: '/settings' });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(location()).toBe('/settings');
    answer(json({ message: 'Not signed in' }, 401));
    await waitFor(() => expect(location()).toBe('/auth'));
  });

  it('let a signed-in user into a protected page', async () => {
    mockFetch(signedIn());
    renderApp(<AppRoutes />, { route: '/settings' });
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(location()).toBe('/settings');
  });

  it('send a signed-in visitor from /auth to /', async () => {
    mockFetch(signedIn());
    renderApp(<AppRoutes />, { route: '/auth' });
    expect(await screen.findByRole('heading', { name: 'Latest from Community' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('show / to visitors who are not signed in, with a Sign In link', async () => {
    mockFetch({ ...signedOut(), 'GET /api/posts/feed': () => json([]) });
    renderApp(<AppRoutes />, { route: '/' });
    expect(await screen.findByRole('heading', { name: 'Latest from Community' })).toBeInTheDocument();
    expect(await screen.findByText('No posts yet. Be the first to share!')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Profile menu' })).not.toBeInTheDocument();
  });

  it('show the 404 page with a link home for any other path', async () => {
    mockFetch(signedOut());
    renderApp(<AppRoutes />, { route: '/no/such/page' });
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('show the header menus to a signed-in user', async () => {
    mockFetch(signedIn(aUser({ username: 'medic_07' })));
    renderApp(<AppRoutes />, { route: '/' });
    expect(await screen.findByRole('button', { name: 'Profile menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search players, events, gear...')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('report page views on every route, /auth included, once per path', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'POST /api/analytics/page-view': () => new Response(null, { status: 204 }),
    });
    renderApp(<AppRoutes />, { route: '/auth' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    const views = () =>
      fetchMock.mock.calls
        .filter(([url]) => String(url) === '/api/analytics/page-view')
        .map(([, init]) => JSON.parse(String(init?.body)).path);
    await waitFor(() => expect(views()).toEqual(['/auth']));
  });
  it('open a news article at its own address over the News section, and close it to /news', async () => {
    const id = '00000000-0000-4000-8000-000000000201';
    const article = {
      id,
      title: 'Shared by address',
      excerpt: 'An excerpt',
      content: 'Body',
      image: null,
      category: 'News',
      source: 'Airsoft Community',
      readTime: '5 min',
      createdAt: '2026-03-04T12:00:00.000Z',
      updatedAt: '2026-03-04T12:00:00.000Z',
      canEdit: false,
      canDelete: false,
    };
    mockFetch({
      ...signedOut(),
      'GET /api/news': () => json([article]),
      [`GET /api/news/${id}`]: () => json(article),
    });
    renderApp(<AppRoutes />, { route: `/news/${id}` });
    expect(await screen.findByRole('heading', { name: 'Latest News', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Shared by address' })).toBeInTheDocument();
    expect(location()).toBe(`/news/${id}`);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(location()).toBe('/news'));
    expect(screen.getByRole('heading', { name: 'Latest News', level: 1 })).toBeInTheDocument();
  });
});
