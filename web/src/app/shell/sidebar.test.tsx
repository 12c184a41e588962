import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './sidebar';

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('sidebar', () => {
  it('shows Admin Dashboard to admins, linking to /admin', async () => {
    mockFetch(signedIn(aUser({ role: 'admin' })));
    renderApp(<Sidebar />);
    expect(await screen.findByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('hides Admin Dashboard from other users and from visitors', async () => {
    mockFetch(signedIn(aUser({ role: 'user' })));
    const { unmount } = renderApp(<Sidebar />);
    expect(await screen.findByRole('link', { name: 'Feed' })).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    unmount();

    mockFetch(signedOut());
    renderApp(<Sidebar />);
    await act(() => Promise.resolve());
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('has a real link for every entry (a middle click opens a new tab), and Settings', async () => {
    mockFetch(signedOut());
    renderApp(<Sidebar />);
    const links = {
      Feed: '/',
      Events: '/events',
      Teams: '/teams',
      'Rate Gear': '/gear',
      'Store Locator': '/stores',
      News: '/news',
      Tutorials: '/tutorials',
      Fields: '/fields',
    };
    for (const [name, href] of Object.entries(links))
      expect(within(nav()).getByRole('link', { name })).toHaveAttribute('href', href);
    expect(within(nav()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('goes to the section’s path and marks it as the current page', async () => {
    mockFetch(signedOut());
    renderApp(<Sidebar />, { route: '/teams' });
    expect(within(nav()).getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('link', { name: 'News' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/news$/);
    expect(screen.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Teams' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Feed' })).not.toHaveAttribute('aria-current');
  });

  it('marks the entry of a page under a section (/admin/events: Admin Dashboard; /teams/t-1: Teams)', async () => {
    mockFetch(signedIn(aUser({ role: 'admin' })));
    const { unmount } = renderApp(<Sidebar />, { route: '/admin/events' });
    expect(await screen.findByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    unmount();
    renderApp(<Sidebar />, { route: '/teams/t-1' });
    expect(screen.getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Feed' })).not.toHaveAttribute('aria-current');
  });
});
