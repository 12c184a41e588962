import { PROFILE_DATA_ID, type UserProfile } from '@contract/profiles';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from './profile';

const OTHER_ID = '00000000-0000-4000-8000-0000000000aa';

const aProfile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  id: OTHER_ID,
  username: 'recon_rita',
  bio: 'DMR and long walks in the woods',
  location: 'Calgary, AB',
  avatar: null,
  coverImage: null,
  joinedAt: '2025-11-20T10:00:00.000Z',
  postsCount: 3,
  followersCount: 7,
  followingCount: 2,
  eventsCount: 1,
  isFollowing: false,
  canReport: true,
  ...overrides,
});

function renderProfile(route: string) {
  return renderApp(
    <Routes>
      <Route path="/profile/:username" element={<ProfilePage />} />
    </Routes>,
    { route },
  );
}

describe('profile page', () => {
  it("shows 'User not found' for a missing user", async () => {
    mockFetch({ ...signedOut(), 'GET /api/profile/nobody': () => json({ message: 'User not found' }, 404) });
    renderProfile('/profile/nobody');
    expect(await screen.findByText('User not found')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch profile' when loading fails otherwise", async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/profile/recon_rita': () => json({ message: 'Internal error' }, 500),
    });
    renderProfile('/profile/recon_rita');
    expect(await screen.findByText('Failed to fetch profile')).toBeInTheDocument();
  });

  it('shows the profile with initials, join date, counts, empty teams and posts', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/profile/recon_rita': () => json(aProfile()),
      [`GET /api/user/${OTHER_ID}/teams`]: () => json([]),
      [`GET /api/posts/user/${OTHER_ID}`]: () => json([]),
    });
    renderProfile('/profile/recon_rita');
    expect(await screen.findByRole('heading', { name: 'recon_rita', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('RE')).toBeInTheDocument();
    expect(screen.getByText('Joined November 2025')).toBeInTheDocument();
    expect(screen.getByText('Calgary, AB')).toBeInTheDocument();
    expect(screen.getByTestId('posts-count')).toHaveTextContent('3');
    expect(screen.getByTestId('followers-count')).toHaveTextContent('7');
    expect(screen.getByTestId('following-count')).toHaveTextContent('2');
    expect(screen.getByTestId('events-count')).toHaveTextContent('1');
    expect(await screen.findByText('Not a member of any team yet')).toBeInTheDocument();
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  });

  it('lists teams and posts', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/profile/recon_rita': () => json(aProfile()),
      [`GET /api/user/${OTHER_ID}/teams`]: () =>
        json([
          {
            id: '00000000-0000-4000-8000-0000000000t1',
            name: 'Night Owls',
            tag: 'NOWL',
            tagline: null,
            logo: null,
            playStyle: 'milsim',
            role: 'co-leader',
            memberCount: 9,
            joinedAt: '2026-01-01T00:00:00.000Z',
          },
        ]),
      [`GET /api/posts/user/${OTHER_ID}`]: () =>
        json([
          {
            id: '00000000-0000-4000-8000-0000000000p1',
            userId: OTHER_ID,
            user: { username: 'recon_rita', avatar: null },
            caption: 'New ghillie, who dis',
            images: ['/objects/images/a.webp', '/objects/images/b.webp', '/objects/images/c.webp'],
            createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
            likesCount: 4,
            commentsCount: 1,
            isLiked: false,
          },
        ]),
    });
    renderProfile('/profile/recon_rita');
    expect(await screen.findByText('Night Owls')).toBeInTheDocument();
    expect(screen.getByText('[NOWL]')).toBeInTheDocument();
    expect(screen.getByText('co-leader')).toBeInTheDocument();
    expect(await screen.findByText('New ghillie, who dis')).toBeInTheDocument();
    expect(screen.getByText('about 3 hours ago')).toBeInTheDocument();
  });

  it('follows and unfollows another player, taking the counts from the answer', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      'GET /api/profile/recon_rita': () => json(aProfile()),
      [`POST /api/follow/${OTHER_ID}`]: () => json({ isFollowing: true, followersCount: 8 }),
      [`POST /api/unfollow/${OTHER_ID}`]: () => json({ isFollowing: false, followersCount: 7 }),
    });
    renderProfile('/profile/recon_rita');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(screen.getByTestId('followers-count')).toHaveTextContent('8');
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByTestId('followers-count')).toHaveTextContent('7');
    const follows = fetchMock.mock.calls.filter(([url]) => String(url).includes('follow/'));
    expect(follows.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      `POST /api/follow/${OTHER_ID}`,
      `POST /api/unfollow/${OTHER_ID}`,
    ]);
  });

  it("shows 'Failed to follow user' when following fails", async () => {
    mockFetch({
      ...signedIn(aUser()),
      'GET /api/profile/recon_rita': () => json(aProfile()),
      [`POST /api/follow/${OTHER_ID}`]: () => json({ message: 'You cannot follow yourself' }, 400),
    });
    renderProfile('/profile/recon_rita');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Failed to follow user')).toBeInTheDocument();
    expect(screen.getByText('You cannot follow yourself')).toBeInTheDocument();
    expect(screen.getByTestId('followers-count')).toHaveTextContent('7');
  });

  it('offers Edit Profile and Change Banner on the own profile, and no Follow', async () => {
    const me = aUser({ id: OTHER_ID, username: 'recon_rita' });
    mockFetch({ ...signedIn(me), 'GET /api/profile/recon_rita': () => json(aProfile()) });
    renderProfile('/profile/recon_rita');
    expect(await screen.findByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/settings');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change Banner' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  });
});

/** The block the server writes into the HTML of /profile/{username} (`<` escaped, as it does). */
function embed(profile: UserProfile) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PROFILE_DATA_ID;
  block.textContent = JSON.stringify(profile).replace(/</g, '\\u003c');
  document.body.append(block);
}
const profileCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/profile/'));

describe('the profile carried by the HTML of /profile/{username} (decision 018)', () => {
  it('renders the header in the first commit without asking for the profile', async () => {
    embed(aProfile({ bio: '</script> DMR', followersCount: 9 }));
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/profile/recon_rita': () => json(aProfile()),
      [`GET /api/user/${OTHER_ID}/teams`]: () => json([]),
      [`GET /api/posts/user/${OTHER_ID}`]: () => json([]),
    });
    renderProfile('/profile/Recon_Rita');
    // No waiting: the header is there at once, from the block.
    expect(screen.getByRole('heading', { name: 'recon_rita', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('</script> DMR')).toBeInTheDocument();
    expect(screen.getByTestId('followers-count')).toHaveTextContent('9');
    expect(document.getElementById(PROFILE_DATA_ID)).toBeNull();
    // The badges and the gear are skeletons in that commit; they come after the first paint.
    expect(screen.queryByTestId('profile-badges')).not.toBeInTheDocument();
    expect(await screen.findByTestId('profile-badges')).toBeInTheDocument();
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(profileCalls(fetchMock)).toHaveLength(0);
  });

  it('asks the API when the block is for another username', async () => {
    embed(aProfile({ username: 'someone_else' }));
    const fetchMock = mockFetch({ ...signedOut(), 'GET /api/profile/recon_rita': () => json(aProfile()) });
    renderProfile('/profile/recon_rita');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'recon_rita', level: 1 })).toBeInTheDocument();
    expect(profileCalls(fetchMock)).toHaveLength(1);
  });
});

describe('what is below the fold comes after the first paint', () => {
  it('renders the first 3 posts, then the others; the badges and the gear after a skeleton', async () => {
    const posts = Array.from({ length: 6 }, (_, i) => ({
      id: `00000000-0000-4000-8000-00000000010${i}`,
      userId: OTHER_ID,
      caption: `post number ${i}`,
      images: [],
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
      canDelete: false,
      createdAt: '2026-01-01T10:00:00.000Z',
      user: { username: 'recon_rita', avatar: null },
    }));
    mockFetch({
      ...signedOut(),
      'GET /api/profile/recon_rita': () => json(aProfile()),
      [`GET /api/user/${OTHER_ID}/teams`]: () => json([]),
      [`GET /api/posts/user/${OTHER_ID}`]: () => json(posts),
    });
    renderProfile('/profile/recon_rita');
    // The commit that brings the posts shows the first 3; the others come in the next one.
    expect(await screen.findByText('post number 0')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(screen.getByText('post number 5')).toBeInTheDocument();
    expect(await screen.findByTestId('profile-badges')).toBeInTheDocument();
  });
});
