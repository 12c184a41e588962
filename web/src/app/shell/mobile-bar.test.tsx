import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useComposeRequests } from '@web/features/posts/compose-request';
import { aUser, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MobileBar } from './mobile-bar';

const location = () => screen.getByTestId('location');
const tab = (name: string) => screen.getByRole('link', { name });

/** Stands for the feed's Create New Post dialog: it shows whether a request opened it. */
function ComposeTaker() {
  const [open, setOpen] = useState(false);
  useComposeRequests(() => setOpen(true));
  return <p>{open ? 'composer open' : 'composer closed'}</p>;
}
function FeedOnly() {
  return useLocation().pathname === '/' ? <ComposeTaker /> : null;
}

describe('mobile bar', () => {
  it('has five tabs that navigate: Feed, Events, Map and Profile are links', async () => {
    mockFetch(signedIn(aUser({ username: 'medic_07' })));
    renderApp(<MobileBar />, { route: '/teams' });
    await waitFor(() => expect(tab('Profile')).toHaveAttribute('href', '/profile/medic_07'));
    expect(tab('Feed')).toHaveAttribute('href', '/');
    expect(tab('Events')).toHaveAttribute('href', '/events');
    expect(tab('Map')).toHaveAttribute('href', '/fields');
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    for (const name of ['Feed', 'Events', 'Map', 'Profile'])
      expect(tab(name)).not.toHaveAttribute('aria-current');

    await userEvent.click(tab('Events'));
    expect(location()).toHaveTextContent(/^\/events$/);
    expect(tab('Events')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(tab('Map'));
    expect(location()).toHaveTextContent(/^\/fields$/);
    expect(tab('Map')).toHaveAttribute('aria-current', 'page');
    expect(tab('Events')).not.toHaveAttribute('aria-current');
    await userEvent.click(tab('Profile'));
    expect(location()).toHaveTextContent(/^\/profile\/medic_07$/);
    expect(tab('Profile')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(tab('Feed'));
    expect(location()).toHaveTextContent(/^\/$/);
    expect(tab('Feed')).toHaveAttribute('aria-current', 'page');
  });

  it('marks Events on an event’s page and Map on a field’s', async () => {
    mockFetch(signedOut());
    const { unmount } = renderApp(<MobileBar />, { route: '/events/e-1' });
    expect(tab('Events')).toHaveAttribute('aria-current', 'page');
    unmount();
    renderApp(<MobileBar />, { route: '/fields/f-1' });
    expect(tab('Map')).toHaveAttribute('aria-current', 'page');
  });

  it('sends a signed-out visitor’s Create and Profile to /auth, coming back here', async () => {
    mockFetch(signedOut());
    renderApp(<MobileBar />, { route: '/teams?playStyle=milsim' });
    await waitFor(() =>
      expect(tab('Create')).toHaveAttribute(
        'href',
        `/auth?next=${encodeURIComponent('/teams?playStyle=milsim')}`,
      ),
    );
    expect(tab('Profile').getAttribute('href')).toMatch(/^\/auth/);
    await userEvent.click(tab('Create'));
    expect(location()).toHaveTextContent(/^\/auth$/);
  });

  it('opens the Create New Post dialog on the feed, going there first from another page', async () => {
    mockFetch(signedIn());
    renderApp(
      <>
        <MobileBar />
        <FeedOnly />
      </>,
      { route: '/events' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(location()).toHaveTextContent(/^\/$/);
    expect(await screen.findByText('composer open')).toBeInTheDocument();
  });
});
