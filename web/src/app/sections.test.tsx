import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { HomePage } from './routes/home';
import { HOME_SECTIONS } from './sections';
import { Sidebar } from './shell/sidebar';

describe('home sections registry', () => {
  it('lists the six pathless sections of SPEC §2', () => {
    expect(HOME_SECTIONS.map((s) => s.id)).toEqual([
      'feed',
      'events',
      'locator',
      'news',
      'tutorials',
      'admin',
    ]);
  });

  it('gives the sidebar its section entries, with the route links in between', async () => {
    mockFetch(signedIn(aUser({ role: 'admin' })));
    renderApp(<Sidebar />);
    await screen.findByRole('button', { name: 'Admin Dashboard' });
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
      expect(within(nav).getByRole('button', { name: section.label })).toBeInTheDocument();
  });

  it('shows the chosen section under its title', async () => {
    mockFetch({ ...signedIn(), 'GET /api/stores': () => json([]) });
    renderApp(
      <>
        <Sidebar />
        <HomePage />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Store Locator' }));
    expect(await screen.findByRole('heading', { name: 'Store Locator' })).toBeInTheDocument();
    expect(await screen.findByText('No stores found in this region.')).toBeInTheDocument();
  });
});
