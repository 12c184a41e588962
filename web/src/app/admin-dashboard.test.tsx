import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { AdminDashboard as AdminSection } from './admin-dashboard';
import { AppRoutes } from './router';

const TILES = [
  'Add Tutorial',
  'Manage Events',
  'Manage News',
  'Moderate Posts',
  'View Analytics',
  'Manage Blocked Words',
  'Manage Admins',
  'Reports',
  'Audit log',
  'Manage Stores',
  'Manage Fields',
  'Manage Catalog',
];

const tile = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) });
const location = () => screen.getByTestId('location');

describe('admin section', () => {
  it('shows the six dashboard tiles of the spec in order, then Manage Admins, Stores, Fields and Catalog', async () => {
    mockFetch(signedIn(aUser({ role: 'admin' })));
    renderApp(<AdminSection />);
    const list = screen.getByRole('list', { name: 'Admin tools' });
    expect(Array.from(list.querySelectorAll('li a .font-semibold')).map((el) => el.textContent)).toEqual(
      TILES,
    );
  });

  it('opens a tool with a Back to Dashboard button: View Analytics shows the report', async () => {
    mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/admin/analytics': () =>
        json({
          range: '7d',
          totalSessions: 42,
          avgDuration: 30,
          topSearches: [],
          topLocations: [],
          postActivity: [],
          topPages: [],
          daily: [],
        }),
    });
    renderApp(<AppRoutes />, { route: '/admin' });
    const name = 'View Analytics';
    await userEvent.click(await screen.findByRole('link', { name: /^View Analytics/ }));
    expect(location()).toHaveTextContent(/^\/admin\/analytics$/);
    const heading = await screen.findByRole('heading', { name });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.queryByText('Coming soon.')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Admin tools' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin');
    await userEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(location()).toHaveTextContent(/^\/admin$/);
    expect(screen.getByRole('list', { name: 'Admin tools' })).toBeInTheDocument();
    expect(tile(name)).toHaveFocus();
  });

  it('opens Moderate Posts and Manage Blocked Words', async () => {
    mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/posts/feed': () => json([]),
      'GET /api/admin/blocked-words': () => json([]),
    });
    renderApp(<AppRoutes />, { route: '/admin' });
    await userEvent.click(await screen.findByRole('link', { name: /^Moderate Posts/ }));
    expect(await screen.findByText('No posts to moderate.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await userEvent.click(tile('Manage Blocked Words'));
    expect(await screen.findByText('No blocked words yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeInTheDocument();
  });

  it('opens Add Tutorial and Manage News', async () => {
    mockFetch({
      ...signedIn(aUser({ role: 'admin' })),
      'GET /api/tutorials': () => json([]),
      'GET /api/news': () => json([]),
    });
    renderApp(<AppRoutes />, { route: '/admin' });
    await userEvent.click(await screen.findByRole('link', { name: /^Add Tutorial/ }));
    expect(await screen.findByRole('form', { name: 'New Tutorial' })).toBeInTheDocument();
    expect(await screen.findByText('No tutorials yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await userEvent.click(tile('Manage News'));
    expect(await screen.findByRole('form', { name: 'Create News Article' })).toBeInTheDocument();
    expect(await screen.findByText('No news articles yet.')).toBeInTheDocument();
  });
});

describe('home page, admin section', () => {
  const renderAdminSectionAt = (route: string) => renderApp(<AppRoutes />, { route });
  const renderAdminSection = () => renderApp(<AppRoutes />, { route: '/admin' });

  it('gives admins the dashboard', async () => {
    mockFetch(signedIn(aUser({ role: 'admin' })));
    renderAdminSection();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Admin tools' })).toBeInTheDocument();
    expect(screen.queryByText('Admins only.')).not.toBeInTheDocument();
  });

  it('tells other users Admins only.', async () => {
    const fetchMock = mockFetch(signedIn(aUser({ role: 'user' })));
    renderAdminSection();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByText('Admins only.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Admin tools' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Moderate Posts/ })).not.toBeInTheDocument();
  });

  it('opens a tool from its address, and sends an unknown tool’s address to the dashboard', async () => {
    mockFetch({ ...signedIn(aUser({ role: 'admin' })), 'GET /api/admin/blocked-words': () => json([]) });
    const { unmount } = renderAdminSectionAt('/admin/blocked-words');
    expect(await screen.findByText('No blocked words yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manage Blocked Words', level: 2 })).toBeInTheDocument();
    unmount();
    renderAdminSectionAt('/admin/no-such-tool');
    expect(await screen.findByRole('list', { name: 'Admin tools' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });
});
