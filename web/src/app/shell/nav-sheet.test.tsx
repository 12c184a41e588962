import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { Header } from './header';

const openMenu = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
  return screen.findByRole('dialog', { name: 'Menu' });
};

describe('menu sheet (below md)', () => {
  it('holds every sidebar entry, Admin Dashboard, Bookmarks and Settings for a signed-in admin', async () => {
    mockFetch(signedIn(aUser({ role: 'admin' })));
    renderApp(<Header />);
    await screen.findByRole('button', { name: 'Profile menu' });
    const sheet = await openMenu();
    const links = Object.fromEntries(
      within(sheet)
        .getAllByRole('link')
        .map((link) => [link.textContent || link.getAttribute('aria-label'), link.getAttribute('href')]),
    );
    expect(links).toMatchObject({
      Feed: '/',
      Events: '/events',
      Teams: '/teams',
      'Rate Gear': '/gear',
      'Store Locator': '/stores',
      News: '/news',
      Tutorials: '/tutorials',
      Fields: '/fields',
      'Admin Dashboard': '/admin',
      Bookmarks: '/bookmarks',
      Settings: '/settings',
    });
  });

  it('has no Admin Dashboard nor Bookmarks for a visitor', async () => {
    mockFetch(signedOut());
    renderApp(<Header />);
    await screen.findByRole('link', { name: 'Sign In' });
    const sheet = await openMenu();
    expect(within(sheet).getByRole('link', { name: 'News' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('link', { name: 'Bookmarks' })).not.toBeInTheDocument();
    expect(within(sheet).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('closes when an entry is chosen, after going there', async () => {
    mockFetch(signedOut());
    renderApp(<Header />, { route: '/teams' });
    const sheet = await openMenu();
    expect(within(sheet).getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(sheet).getByRole('link', { name: 'Tutorials' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tutorials$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('traps the focus, closes with Escape and gives the focus back to the menu button', async () => {
    mockFetch(signedOut());
    renderApp(<Header />);
    const sheet = await openMenu();
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 12; i++) {
      await userEvent.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('closes on a swipe to the left, not on a short or vertical one', async () => {
    mockFetch(signedOut());
    renderApp(<Header />);
    const sheet = await openMenu();
    const drag = (dx: number, dy: number) => {
      fireEvent.pointerDown(sheet, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 300 });
      fireEvent.pointerMove(sheet, {
        pointerId: 1,
        pointerType: 'touch',
        clientX: 200 + dx / 2,
        clientY: 300 + dy / 2,
      });
      fireEvent.pointerMove(sheet, {
        pointerId: 1,
        pointerType: 'touch',
        clientX: 200 + dx,
        clientY: 300 + dy,
      });
      fireEvent.pointerUp(sheet, {
        pointerId: 1,
        pointerType: 'touch',
        clientX: 200 + dx,
        clientY: 300 + dy,
      });
    };
    drag(-30, 0);
    drag(-20, 200);
    drag(120, 0);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    drag(-120, 10);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
