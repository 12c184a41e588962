import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  aMember,
  aTeam,
  leaderAbilities,
  memberAbilities,
  teamId,
  userId,
} from '@web/features/teams/test-data';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TeamPage } from './team';

const ID = teamId(1);

function renderTeam(route = `/teams/${ID}`) {
  return renderApp(
    <Routes>
      <Route path="/teams/:teamId" element={<TeamPage />} />
      <Route path="/teams/:teamId/manage" element={<p>manage page</p>} />
    </Routes>,
    { route },
  );
}

const api = (team = aTeam(1)) => ({
  [`GET /api/teams/${ID}`]: () => json(team),
  [`GET /api/teams/${ID}/feed`]: () => json([]),
});

describe('/teams/{teamId}', () => {
  it('shows banner, logo, tagline, location, play style, founded month and year, members and recruiting', async () => {
    mockFetch({
      ...signedOut(),
      ...api(aTeam(1, { name: 'Night Owls', memberCount: 12, createdAt: '2025-03-15T12:00:00.000Z' })),
    });
    renderTeam();
    expect(await screen.findByRole('heading', { name: 'Night Owls', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Tagline 1')).toBeInTheDocument();
    expect(screen.getByText('Calgary, AB')).toBeInTheDocument();
    expect(screen.getByText('Milsim')).toBeInTheDocument();
    expect(screen.getByText('Founded March 2025')).toBeInTheDocument();
    expect(screen.getByTestId('member-count')).toHaveTextContent('12 members');
    expect(screen.getByText('Recruiting')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Feed',
      'Roster',
      'Gallery',
      'Achievements',
    ]);
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Achievements' }));
    expect(screen.getByText('Achievements coming soon')).toBeInTheDocument();
  });

  it('lists the roster in the sections Team Leader, Co-Leaders and Members', async () => {
    mockFetch({
      ...signedOut(),
      ...api(),
      [`GET /api/teams/${ID}/members`]: () =>
        json([aMember(1, 'leader'), aMember(2, 'co-leader'), aMember(3, 'member'), aMember(4, 'member')]),
    });
    renderTeam();
    await userEvent.click(await screen.findByRole('tab', { name: 'Roster' }));
    const leader = await screen.findByRole('region', { name: /Team Leader/ });
    expect(
      within(leader)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['player_1']);
    const co = screen.getByRole('region', { name: /Co-Leaders/ });
    expect(
      within(co)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['player_2']);
    const members = screen.getByRole('region', { name: /^Members/ });
    expect(
      within(members)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['player_3', 'player_4']);
  });

  it('shows the gallery with captions', async () => {
    mockFetch({
      ...signedOut(),
      ...api(),
      [`GET /api/teams/${ID}/gallery`]: () =>
        json([
          {
            id: teamId(50),
            teamId: ID,
            image: '/objects/images/a.webp',
            caption: 'Op Nightfall',
            uploadedBy: null,
            createdAt: '2026-01-01T00:00:00.000Z',
            canDelete: false,
          },
        ]),
    });
    renderTeam();
    await userEvent.click(await screen.findByRole('tab', { name: 'Gallery' }));
    expect(await screen.findByText('Op Nightfall')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Op Nightfall' })).toHaveAttribute(
      'src',
      '/objects/images/a.webp',
    );
  });

  it('applies with the default sentence in a dialog, then says the application is pending', async () => {
    let team = aTeam(1);
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      ...api(),
      [`GET /api/teams/${ID}`]: () => json(team),
      [`POST /api/teams/${ID}/applications`]: () => {
        team = aTeam(1, {
          viewerApplication: {
            id: teamId(9),
            status: 'pending',
            message: null,
            createdAt: '2026-01-01T00:00:00Z',
          },
          abilities: { ...team.abilities, canApply: false },
        });
        return json({ id: teamId(9) }, 201);
      },
    });
    renderTeam();
    await userEvent.click(await screen.findByRole('button', { name: 'Apply to Join' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to Join' });
    expect(within(dialog).getByLabelText('Message')).toHaveValue('I would like to join your team.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Application' }));
    expect(await screen.findByText('Your application is pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply to Join' })).toBeNull();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ message: 'I would like to join your team.' });
  });

  it('says the application was declined and offers to apply again', async () => {
    mockFetch({
      ...signedIn(aUser()),
      ...api(
        aTeam(1, {
          viewerApplication: {
            id: teamId(9),
            status: 'rejected',
            message: null,
            createdAt: '2026-01-01T00:00:00Z',
          },
        }),
      ),
    });
    renderTeam();
    expect(await screen.findByText('Your application was declined')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply again' })).toBeInTheDocument();
  });

  it('shows no Apply to Join when the answer does not allow it (not recruiting, signed out)', async () => {
    mockFetch({
      ...signedOut(),
      ...api(aTeam(1, { isRecruiting: false, abilities: { ...memberAbilities, canLeave: false } })),
    });
    renderTeam();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Apply to Join' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave Team' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Manage Team' })).toBeNull();
  });

  it('lets a member leave after confirming', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      ...api(aTeam(1, { currentUserRole: 'member', currentUserIsMember: true, abilities: memberAbilities })),
      [`POST /api/teams/${ID}/leave`]: () => new Response(null, { status: 204 }),
    });
    renderTeam();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Team' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave Team' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, i]) => u === `/api/teams/${ID}/leave` && i?.method === 'POST'),
      ).toBe(true),
    );
  });

  it('gives the leader Manage Team and no Leave Team', async () => {
    mockFetch({
      ...signedIn(aUser()),
      ...api(aTeam(1, { currentUserRole: 'leader', currentUserIsMember: true, abilities: leaderAbilities })),
    });
    renderTeam();
    expect(await screen.findByRole('link', { name: 'Manage Team' })).toHaveAttribute(
      'href',
      `/teams/${ID}/manage`,
    );
    expect(screen.queryByRole('button', { name: 'Leave Team' })).toBeNull();
  });

  it("answers the viewer's invitation from the team page", async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      ...api(
        aTeam(1, { viewerInvite: { id: teamId(77), invitedBy: null, createdAt: '2026-01-01T00:00:00Z' } }),
      ),
      [`POST /api/team-invites/${teamId(77)}/respond`]: () => json({}),
    });
    renderTeam();
    expect(await screen.findByText('You are invited to join this team')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/respond'));
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ accept: false });
    });
  });

  it('shows the team feed in post cards; a like flips at once', async () => {
    let liked = false;
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () => json(aTeam(1)),
      [`GET /api/teams/${ID}/feed`]: () =>
        json([
          {
            id: teamId(60),
            userId: userId(2),
            user: { username: 'player_2', avatar: null },
            caption: 'Squad day',
            images: [],
            createdAt: new Date().toISOString(),
            likesCount: 2,
            commentsCount: 0,
            isLiked: liked,
            canDelete: false,
          },
        ]),
      [`POST /api/posts/${teamId(60)}/like`]: async () => {
        await new Promise((r) => setTimeout(r, 50));
        liked = true;
        return json({ isLiked: true, likesCount: 3 });
      },
    });
    renderTeam();
    const card = await screen.findByRole('article', { name: 'Post by player_2' });
    expect(card).toHaveTextContent('Squad day');
    const like = within(card).getByRole('button', { name: /like/i });
    await userEvent.click(like);
    await waitFor(() => expect(card).toHaveTextContent('3'));
  });

  it("says 'Team not found' for a missing team and 'Failed to fetch team' otherwise", async () => {
    mockFetch({ ...signedOut(), [`GET /api/teams/${ID}`]: () => json({ message: 'Team not found' }, 404) });
    const { unmount } = renderTeam();
    expect(await screen.findByRole('heading', { name: 'Team not found' })).toBeInTheDocument();
    unmount();
    mockFetch({ ...signedOut(), [`GET /api/teams/${ID}`]: () => json({ message: 'boom' }, 500) });
    renderTeam();
    expect(await screen.findByRole('heading', { name: 'Failed to fetch team' })).toBeInTheDocument();
  });
});
