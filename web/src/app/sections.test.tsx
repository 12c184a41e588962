import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from './router';
import { HOME_SECTIONS, isCurrent, sectionPath } from './sections';
import { Sidebar } from './shell/sidebar';

describe('sections registry', () => {
  it('lists the six sections of SPEC §2, each with its own path (issue 20)', () => {
    expect(HOME_SECTIONS.map((s) => [s.id, s.path])).toEqual([
      ['feed', '/'],
      ['events', '/events'],
      ['locator', '/stores'],
      ['news', '/news'],
      ['tutorials', '/tutorials'],
      ['admin', '/admin'],
    ]);
  });

  it('gives the sidebar its entries, with the route links in between', async () => {
    mockFetch(signedIn(aUser({ role: 'admin' })));
    renderApp(<Sidebar />);
    await screen.findByRole('link', { name: 'Admin Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const names = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual([
      'Feed',
      'Events',
      'Teams',
      'Rate Gear',
      'Store Locator',
      'News',
      'Tutorials',
      'Fields',
      'Admin Dashboard',
    ]);
    for (const section of HOME_SECTIONS)
      expect(within(nav).getByRole('link', { name: section.label })).toHaveAttribute('href', section.path);
  });

  it('maps the old section names to their paths, and knows the current entry', () => {
    expect(sectionPath('locator')).toBe('/stores');
    expect(sectionPath('feed')).toBe('/');
    expect(sectionPath('nope')).toBeNull();
    expect(isCurrent({ path: '/' }, '/events')).toBe(false);
    expect(isCurrent({ path: '/events' }, '/events/e-1')).toBe(true);
    expect(isCurrent({ path: '/events' }, '/eventsx')).toBe(false);
  });

  it('shows the chosen section at its path under its title', async () => {
    mockFetch({ ...signedIn(), 'GET /api/stores': () => json([]) });
    renderApp(<AppRoutes />, { route: '/teams' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Store Locator' }));
    expect(await screen.findByRole('heading', { name: 'Store Locator', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No stores found in this region.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/stores$/);
  });

  it.each([
    ['/events', 'Upcoming Events'],
    ['/stores', 'Store Locator'],
    ['/news', 'Latest News'],
    ['/tutorials', 'Tutorials'],
  ])('renders %s as its section', async (route, title) => {
    mockFetch(signedOut());
    renderApp(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${route}$`));
  });
});
