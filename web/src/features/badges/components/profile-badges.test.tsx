import type { UserBadgesAnswer } from '@contract/badges';
import { screen, within } from '@testing-library/react';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileBadges } from './profile-badges';

const USER = '00000000-0000-4000-8000-000000000042';

const answer = (overrides: Partial<UserBadgesAnswer> = {}): UserBadgesAnswer => ({
  earned: [
    {
      id: 'first-post',
      name: 'First Post',
      description: 'Shared a first post',
      icon: 'message-square',
      awardedAt: '2026-03-05T12:00:00.000Z',
      rarity: 0.123,
    },
    {
      id: 'team-founder',
      name: 'Team Founder',
      description: 'Founded a team',
      icon: 'flag',
      awardedAt: '2026-04-10T12:00:00.000Z',
      rarity: 0.004,
    },
  ],
  progress: [
    {
      id: 'posts-10',
      name: '10 Posts',
      description: 'Shared 10 posts',
      icon: 'messages-square',
      current: 3,
      target: 10,
    },
    {
      id: 'one-year',
      name: 'One Year a Member',
      description: 'A member of the community for a year',
      icon: 'cake',
      current: 300,
      target: 365,
    },
  ],
  ...overrides,
});

const serve = (body: UserBadgesAnswer | null, status = 200) =>
  mockFetch({
    ...signedOut(),
    [`GET /api/user/${USER}/badges`]: () =>
      body ? json(body, status) : json({ message: 'Internal Server Error' }, 500),
  });

afterEach(() => vi.unstubAllGlobals());

describe('ProfileBadges', () => {
  it('lists the earned badges with name, date and rarity, then the progress toward the next ones', async () => {
    const fetchMock = serve(answer());
    renderApp(<ProfileBadges userId={USER} />);
    const earned = await screen.findByRole('list', { name: 'Earned badges' });
    const items = within(earned).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('First Post');
    expect(items[0]).toHaveTextContent('Shared a first post');
    expect(items[0]).toHaveTextContent('Mar 5, 2026');
    expect(items[0]).toHaveTextContent('Held by 12% of players');
    // A share above zero never reads 0%.
    expect(items[1]).toHaveTextContent('Held by 1% of players');
    expect(within(items[1]).getByText('Apr 10, 2026').closest('time')).toHaveAttribute(
      'dateTime',
      '2026-04-10T12:00:00.000Z',
    );

    expect(screen.getByRole('heading', { name: 'Next badges' })).toBeInTheDocument();
    const posts = screen.getByRole('progressbar', { name: '10 Posts' });
    expect(posts).toHaveAttribute('aria-valuenow', '3');
    expect(posts).toHaveAttribute('aria-valuemax', '10');
    expect(screen.getByText('3 / 10')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'One Year a Member' })).toHaveAttribute(
      'aria-valuenow',
      '300',
    );
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith(`/api/user/${USER}/badges`))).toBe(true);
  });

  it('shows an empty state when nothing is earned yet, and still the progress', async () => {
    serve(answer({ earned: [] }));
    renderApp(<ProfileBadges userId={USER} />);
    expect(await screen.findByText('No badges yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Earned badges' })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '10 Posts' })).toBeInTheDocument();
  });

  it('leaves out the next badges when there are none', async () => {
    serve(answer({ progress: [] }));
    renderApp(<ProfileBadges userId={USER} />);
    await screen.findByRole('list', { name: 'Earned badges' });
    expect(screen.queryByRole('heading', { name: 'Next badges' })).not.toBeInTheDocument();
  });

  it('says so when the badges cannot be loaded', async () => {
    serve(null);
    renderApp(<ProfileBadges userId={USER} />);
    expect(await screen.findByText('Failed to load badges')).toBeInTheDocument();
  });
});
