import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSection } from '../section';
import { Sidebar } from './sidebar';

function SectionDisplay() {
  return <div data-testid="section">{useSection().section}</div>;
}

afterEach(() => vi.useRealTimers());

describe('sidebar', () => {
  it('shows Admin Dashboard to admins', async () => {
    mockFetch(signedIn(aUser({ role: 'admin' })));
    renderApp(<Sidebar />);
    expect(await screen.findByRole('button', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('hides Admin Dashboard from other users and from visitors', async () => {
    mockFetch(signedIn(aUser({ role: 'user' })));
    const { unmount } = renderApp(<Sidebar />);
    expect(await screen.findByRole('button', { name: 'Feed' })).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    unmount();

    mockFetch(signedOut());
    renderApp(<Sidebar />);
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('has the main and discover entries, Teams and Rate Gear links and a Settings link', async () => {
    mockFetch(signedOut());
    renderApp(<Sidebar />);
    for (const name of ['Feed', 'Events', 'Store Locator', 'News', 'Tutorials']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Teams' })).toHaveAttribute('href', '/teams');
    expect(screen.getByRole('link', { name: 'Rate Gear' })).toHaveAttribute('href', '/gear');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('switches the section at once on /', async () => {
    mockFetch(signedOut());
    renderApp(
      <>
        <Sidebar />
        <SectionDisplay />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'News' }));
    expect(screen.getByTestId('section')).toHaveTextContent('news');
    expect(screen.getByRole('button', { name: 'News' })).toHaveAttribute('aria-current', 'page');
  });

  it('on another route goes to / first and switches the section 100 ms later', async () => {
    mockFetch(signedOut());
    renderApp(
      <>
        <Sidebar />
        <SectionDisplay />
      </>,
      { route: '/teams' },
    );
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Events' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByTestId('section')).toHaveTextContent('feed');
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(screen.getByTestId('section')).toHaveTextContent('feed');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('section')).toHaveTextContent('events');
  });
});
