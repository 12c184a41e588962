import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anEvent } from '@web/features/events/test-data';
import {
  aMember,
  aTeam,
  coLeaderAbilities,
  leaderAbilities,
  memberAbilities,
  teamId,
  userId,
} from '@web/features/teams/test-data';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeamManagePage } from './team-manage';

const ID = teamId(1);

function renderManage() {
  return renderApp(
    <Routes>
      <Route path="/teams/:teamId/manage" element={<TeamManagePage />} />
      <Route path="/teams" element={<p>directory</p>} />
      <Route path="/events/:id" element={<p>event page</p>} />
    </Routes>,
    { route: `/teams/${ID}/manage` },
  );
}

const leaderTeam = aTeam(1, {
  currentUserRole: 'leader',
  currentUserIsMember: true,
  abilities: leaderAbilities,
});

const members = (viewer: 'leader' | 'co-leader') => [
  aMember(1, 'leader'),
  aMember(2, 'co-leader', { canChangeRole: viewer === 'leader', canRemove: viewer === 'leader' }),
  aMember(3, 'member', { canChangeRole: viewer === 'leader', canRemove: true }),
];

const application = (n: number) => ({
  id: teamId(100 + n),
  teamId: ID,
  userId: userId(10 + n),
  username: `recruit_${n}`,
  avatar: null,
  message: 'I would like to join your team.',
  status: 'pending',
  createdAt: new Date().toISOString(),
});

afterEach(() => vi.useRealTimers());

describe('/teams/{teamId}/manage', () => {
  it("tells a member they don't have permission, and loads nothing else", async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () =>
        json(aTeam(1, { currentUserRole: 'member', abilities: memberAbilities })),
    });
    renderManage();
    expect(await screen.findByText("You don't have permission to manage this team")).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith(`/api/teams/${ID}/`))).toEqual([]);
  });

  it('gives the leader Settings, Members, Applications with the count, Invites and Gallery', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () => json(leaderTeam),
      [`GET /api/teams/${ID}/members`]: () => json(members('leader')),
      [`GET /api/teams/${ID}/applications`]: () => json([application(1), application(2)]),
    });
    renderManage();
    await screen.findByRole('tab', { name: 'Settings' });
    await waitFor(() => expect(screen.getByTestId('applications-count')).toHaveTextContent('2'));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Settings',
      'Members',
      'Applications 2',
      'Invites',
      'Gallery',
      'Create event',
    ]);
    expect(screen.getByLabelText('Name')).toHaveValue('Team 1');
  });

  it("creates an event hosted by the team from its 'Create event' tab (issue 25)", async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () => json(leaderTeam),
      [`GET /api/teams/${ID}/members`]: () => json(members('leader')),
      [`GET /api/teams/${ID}/applications`]: () => json([]),
      'GET /api/fields/options': () => json([]),
      'POST /api/events': () => json(anEvent(), 201),
    });
    renderManage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Create event' }));
    await userEvent.type(await screen.findByLabelText('Title'), 'Night op');
    await userEvent.type(screen.getByLabelText('Location'), 'Austin, TX');
    await userEvent.type(screen.getByLabelText('Date and time'), '2031-01-10T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await screen.findByText('Event created successfully');
    // The new event opens, where its organisers add sides and a waiver.
    expect(await screen.findByText('event page')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(JSON.parse(String((call as [unknown, RequestInit])[1].body))).toMatchObject({
      title: 'Night op',
      hostTeamId: ID,
    });
  });

  it('lets the leader switch a member to co-leader and remove a member', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () => json(leaderTeam),
      [`GET /api/teams/${ID}/members`]: () => json(members('leader')),
      [`GET /api/teams/${ID}/applications`]: () => json([]),
      [`PATCH /api/teams/${ID}/members/${userId(3)}/role`]: () => json({}),
      [`DELETE /api/teams/${ID}/members/${userId(3)}`]: () => new Response(null, { status: 204 }),
    });
    renderManage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Members' }));
    await userEvent.selectOptions(await screen.findByLabelText('Role of player_3'), 'co-leader');
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH');
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ role: 'co-leader' });
    });
    // The leader's own row has no role switch and no Remove.
    expect(screen.queryByLabelText('Role of player_1')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove player_1' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove player_3' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(true));
  });

  it('shows a co-leader the roles read-only, Remove where allowed, and no Settings or Invites', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () =>
        json(
          aTeam(1, { currentUserRole: 'co-leader', currentUserIsMember: true, abilities: coLeaderAbilities }),
        ),
      [`GET /api/teams/${ID}/members`]: () => json(members('co-leader')),
      [`GET /api/teams/${ID}/applications`]: () => json([]),
    });
    renderManage();
    await screen.findByRole('tab', { name: 'Members' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Members',
      'Applications 0',
      'Gallery',
      'Create event',
    ]);
    expect(await screen.findByText('player_3')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getAllByTestId('role').map((r) => r.textContent)).toEqual([
      'Team Leader',
      'Co-Leader',
      'Member',
    ]);
    expect(screen.getByRole('button', { name: 'Remove player_3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove player_2' })).toBeNull();
  });

  it('accepts an application; it leaves the list', async () => {
    let pending = [application(1)];
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () => json(leaderTeam),
      [`GET /api/teams/${ID}/applications`]: () => json(pending),
      [`POST /api/team-applications/${teamId(101)}/respond`]: () => {
        pending = [];
        return json({ id: teamId(101), teamId: ID, status: 'accepted', memberCount: 4 });
      },
    });
    renderManage();
    await userEvent.click(await screen.findByRole('tab', { name: /Applications/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept recruit_1' }));
    expect(await screen.findByText('No pending applications')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/respond'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ teamId: ID, accept: true });
  });

  it('searches players from 2 characters after 300 ms, invites, and revokes a pending invite', async () => {
    let invites: unknown[] = [];
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () => json(leaderTeam),
      [`GET /api/teams/${ID}/applications`]: () => json([]),
      [`GET /api/teams/${ID}/invites`]: () => json(invites),
      'GET /api/users/search': () => json([{ id: userId(20), username: 'ghost_recon' }]),
      [`POST /api/teams/${ID}/invites`]: () => {
        invites = [
          {
            id: teamId(200),
            teamId: ID,
            userId: userId(20),
            username: 'ghost_recon',
            avatar: null,
            status: 'pending',
            invitedBy: null,
            createdAt: new Date().toISOString(),
          },
        ];
        return json(invites[0], 201);
      },
      [`DELETE /api/teams/${ID}/invites/${teamId(200)}`]: () => {
        invites = [];
        return new Response(null, { status: 204 });
      },
    });
    renderManage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Invites' }));
    const box = await screen.findByLabelText('Search players');
    const searches = () => fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/users/search'));
    fireEvent.change(box, { target: { value: 'g' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(searches()).toHaveLength(0);
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'gh' } });
    await new Promise((r) => setTimeout(r, 150));
    expect(searches()).toHaveLength(0);
    await act(() => new Promise((r) => setTimeout(r, 250)));
    await waitFor(() => expect(searches().map(([u]) => u)).toEqual(['/api/users/search?q=gh']));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite ghost_recon' }));
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(pending).toHaveTextContent('ghost_recon');
    const post = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ userId: userId(20) });
    await userEvent.click(within(pending).getByRole('button', { name: 'Revoke ghost_recon' }));
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
  });

  it("toasts 'Failed to send invitation' with the server's reason", async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () => json(leaderTeam),
      [`GET /api/teams/${ID}/applications`]: () => json([]),
      [`GET /api/teams/${ID}/invites`]: () => json([]),
      'GET /api/users/search': () => json([{ id: userId(20), username: 'ghost_recon' }]),
      [`POST /api/teams/${ID}/invites`]: () => json({ message: 'Already a member of this team' }, 409),
    });
    renderManage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Invites' }));
    await userEvent.type(await screen.findByLabelText('Search players'), 'ghost');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite ghost_recon' }));
    expect(await screen.findByText('Failed to send invitation')).toBeInTheDocument();
    expect(screen.getByText('Already a member of this team')).toBeInTheDocument();
  });

  it('adds a gallery image by address with a caption and deletes one', async () => {
    let items: unknown[] = [];
    const item = {
      id: teamId(300),
      teamId: ID,
      image: 'https://images.example.com/op.jpg',
      caption: 'Op Nightfall',
      uploadedBy: null,
      createdAt: new Date().toISOString(),
      canDelete: true,
    };
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () => json(leaderTeam),
      [`GET /api/teams/${ID}/applications`]: () => json([]),
      [`GET /api/teams/${ID}/gallery`]: () => json(items),
      [`POST /api/teams/${ID}/gallery`]: () => {
        items = [item];
        return json(item, 201);
      },
      [`DELETE /api/teams/${ID}/gallery/${teamId(300)}`]: () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    renderManage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Gallery' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Image' }));
    expect(await screen.findByText('Enter an image URL')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Image URL'), 'https://images.example.com/op.jpg');
    await userEvent.type(screen.getByLabelText('Caption'), 'Op Nightfall');
    await userEvent.click(screen.getByRole('button', { name: 'Add Image' }));
    expect(await screen.findByRole('img', { name: 'Op Nightfall' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      imageUrl: 'https://images.example.com/op.jpg',
      caption: 'Op Nightfall',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete image Op Nightfall' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('No images yet')).toBeInTheDocument();
  });

  it('disbands after the team name is typed, then goes to the directory', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}`]: () => json(leaderTeam),
      [`GET /api/teams/${ID}/members`]: () => json(members('leader')),
      [`GET /api/teams/${ID}/applications`]: () => json([]),
      [`DELETE /api/teams/${ID}`]: () => new Response(null, { status: 204 }),
    });
    renderManage();
    await userEvent.click(await screen.findByRole('button', { name: 'Disband Team' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Disband Team' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Team 1');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/teams'));
  });
});
