import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { Header } from './header';

describe('header', () => {
  it('profile menu shows the username, Profile, Settings and Logout; Logout signs out and goes to /auth', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser({ username: 'medic_07' })),
      'POST /api/logout': () => new Response(null, { status: 204 }),
    });
    const { client } = renderApp(<Header />, { route: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('medic_07');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile/medic_07');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Bookmarks' })).toHaveAttribute('href', '/bookmarks');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/logout' && init?.method === 'POST')).toBe(
      true,
    );
    expect(client.getQueryData(['/api/user'])).toBeNull();
  });

  it('shows Logout failed with the server message when logout fails', async () => {
    mockFetch({
      ...signedIn(),
      'POST /api/logout': () => json({ message: 'Session store unavailable' }, 500),
    });
    renderApp(<Header />, { route: '/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store unavailable')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });

  it('notifications menu is titled Notifications and holds No new notifications', async () => {
    // A player with no notifications (issue 23: the menu lists them).
    mockFetch({
      ...signedIn(),
      'GET /api/notifications/unread-count': () => json({ count: 0 }),
      'GET /api/notifications': () => json({ items: [], nextCursor: null, unreadCount: 0 }),
    });
    renderApp(<Header />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Notifications');
    await waitFor(() => expect(menu).toHaveTextContent('No new notifications'));
  });

  it('signed-out visitors get the search box too, and Sign In', async () => {
    mockFetch({
      ...signedOut(),
      // The header search's one call (issue 20): every group, players found.
      'GET /api/search': () =>
        json({
          users: [{ id: '00000000-0000-4000-8000-000000000001', username: 'lena_medic' }],
          events: [],
          gear: [],
          products: [],
          teams: [],
          fields: [],
          stores: [],
          news: [],
          tutorials: [],
        }),
    });
    renderApp(<Header />, { route: '/teams' });
    // Signing in comes back to this page (issue 20).
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth?next=%2Fteams',
    );
    const box = screen.getByRole('combobox', { name: 'Search' });
    expect(box).toHaveAttribute('placeholder', 'Search players, events, gear...');
    await userEvent.type(box, 'lena');
    await userEvent.click(await screen.findByRole('option', { name: 'lena_medic' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/lena_medic');
    expect(box).toHaveValue('');
  });

  it('signed in: the search box keeps its label and placeholder', async () => {
    mockFetch(signedIn());
    renderApp(<Header />);
    await screen.findByRole('button', { name: 'Profile menu' });
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search players, events, gear...',
    );
  });
});
