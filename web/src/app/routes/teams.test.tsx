import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aTeam, teamId } from '@web/features/teams/test-data';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TeamsPage } from './teams';

const TEAMS = [
  aTeam(1, { name: 'Night Owls', playStyle: 'milsim', isRecruiting: true, memberCount: 12 }),
  aTeam(2, {
    name: 'Quick Draw',
    playStyle: 'speedsoft',
    isRecruiting: false,
    tagline: 'Fast and loud',
    memberCount: 1,
  }),
];

function renderTeams() {
  return renderApp(
    <Routes>
      <Route path="/teams" element={<TeamsPage />} />
    </Routes>,
    { route: '/teams' },
  );
}

const teamsApi = (list = TEAMS) => ({
  'GET /api/teams': ({ url }: { url: string }) => {
    const q = new URL(url, 'http://localhost').searchParams;
    return json(
      list.filter(
        (t) =>
          (!q.get('playStyle') || t.playStyle === q.get('playStyle')) &&
          (!q.get('isRecruiting') || String(t.isRecruiting) === q.get('isRecruiting')) &&
          (!q.get('search') || t.name.toLowerCase().includes(String(q.get('search')).toLowerCase())),
      ),
    );
  },
});

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Teams' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('/teams', () => {
  it('shows the cards: logo, name, tagline, location, play style, members and the recruiting badge', async () => {
    mockFetch({ ...signedOut(), ...teamsApi() });
    renderTeams();
    expect(await screen.findByRole('link', { name: 'Night Owls' })).toHaveAttribute(
      'href',
      `/teams/${teamId(1)}`,
    );
    const [owls, draw] = within(screen.getByRole('list', { name: 'Teams' })).getAllByRole('listitem');
    expect(owls).toHaveTextContent('Tagline 1');
    expect(owls).toHaveTextContent('Calgary, AB');
    expect(owls).toHaveTextContent('Milsim');
    expect(owls).toHaveTextContent('12 members');
    expect(owls).toHaveTextContent('Recruiting');
    expect(draw).toHaveTextContent('Fast and loud');
    expect(draw).toHaveTextContent('Speedsoft');
    expect(draw).toHaveTextContent('1 member');
    expect(draw).not.toHaveTextContent('Recruiting');
  });

  it('offers Create Team only to a signed-in player', async () => {
    mockFetch({ ...signedOut(), ...teamsApi() });
    const { unmount } = renderTeams();
    await screen.findByText('Night Owls');
    expect(screen.queryByRole('link', { name: 'Create Team' })).toBeNull();
    unmount();
    mockFetch({ ...signedIn(), ...teamsApi(), 'GET /api/user/invites': () => json([]) });
    renderTeams();
    expect(await screen.findByRole('link', { name: 'Create Team' })).toHaveAttribute('href', '/teams/create');
  });

  it('filters by play style and recruiting, and searches after typing stops', async () => {
    const fetchMock = mockFetch({ ...signedOut(), ...teamsApi() });
    renderTeams();
    await screen.findByText('Night Owls');
    await userEvent.selectOptions(screen.getByLabelText('Play style'), 'speedsoft');
    await waitFor(() => expect(cardNames()).toEqual(['Quick Draw']));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('playStyle=speedsoft'))).toBe(true);

    await userEvent.selectOptions(screen.getByLabelText('Play style'), '');
    await userEvent.selectOptions(screen.getByLabelText('Recruiting'), 'true');
    await waitFor(() => expect(cardNames()).toEqual(['Night Owls']));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('isRecruiting=true'))).toBe(true);

    await userEvent.selectOptions(screen.getByLabelText('Recruiting'), 'all');
    await userEvent.type(screen.getByLabelText('Search teams'), 'zzz');
    expect(await screen.findByText('No teams found')).toBeInTheDocument();
    const searches = fetchMock.mock.calls.filter(([u]) => String(u).includes('search='));
    expect(searches.map(([u]) => new URL(String(u), 'http://l').searchParams.get('search'))).toEqual(['zzz']);
  });

  it('keeps the filters in the address, and opens with the address’s filters (issue 20)', async () => {
    const fetchMock = mockFetch({ ...signedOut(), ...teamsApi() });
    const { unmount } = renderApp(
      <Routes>
        <Route path="/teams" element={<TeamsPage />} />
      </Routes>,
      { route: '/teams?playStyle=milsim&recruiting=true' },
    );
    await waitFor(() => expect(cardNames()).toEqual(['Night Owls']));
    expect(screen.getByLabelText('Play style')).toHaveValue('milsim');
    expect(screen.getByLabelText('Recruiting')).toHaveValue('true');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('playStyle=milsim'))).toBe(true);
    unmount();

    renderTeams();
    await screen.findByText('Night Owls');
    const search = () =>
      new URLSearchParams(screen.getByTestId('location').getAttribute('data-search') ?? '');
    await userEvent.selectOptions(screen.getByLabelText('Play style'), 'speedsoft');
    await waitFor(() => expect(search().get('playStyle')).toBe('speedsoft'));
    await userEvent.type(screen.getByLabelText('Search teams'), 'quick');
    await waitFor(() => expect(search().get('q')).toBe('quick'));
    expect(search().get('playStyle')).toBe('speedsoft');
    await userEvent.selectOptions(screen.getByLabelText('Play style'), '');
    await waitFor(() => expect(search().get('playStyle')).toBeNull());
    expect(search().get('q')).toBe('quick');
  });

  it('ignores a filter value the address should not hold', async () => {
    mockFetch({ ...signedOut(), ...teamsApi() });
    renderApp(
      <Routes>
        <Route path="/teams" element={<TeamsPage />} />
      </Routes>,
      { route: '/teams?playStyle=%3Cscript%3E&recruiting=maybe' },
    );
    await waitFor(() => expect(cardNames()).toEqual(['Night Owls', 'Quick Draw']));
    expect(screen.getByLabelText('Play style')).toHaveValue('');
    expect(screen.getByLabelText('Recruiting')).toHaveValue('all');
  });

  it('loads more teams after the last one shown', async () => {
    const first = Array.from({ length: 20 }, (_, i) => aTeam(i + 1, { name: `Squad ${i + 1}` }));
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/teams': ({ url }) =>
        json(url.includes('before=') ? [aTeam(21, { name: 'Squad 21' })] : first),
    });
    renderTeams();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Squad 21')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes(`before=${teamId(20)}`))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("says 'Failed to fetch teams' and tries again", async () => {
    let fail = true;
    mockFetch({
      ...signedOut(),
      'GET /api/teams': () => (fail ? json({ message: 'boom' }, 500) : json(TEAMS)),
    });
    renderTeams();
    expect(await screen.findByText('Failed to fetch teams')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Night Owls')).toBeInTheDocument();
  });

  it("shows the viewer's invitations at the top; Accept answers and the invitation leaves", async () => {
    let invites = [
      {
        id: 'inv-1',
        createdAt: '2026-01-01T00:00:00.000Z',
        team: { id: teamId(1), name: 'Night Owls', logo: null, tagline: null },
      },
    ];
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      ...teamsApi(),
      'GET /api/user/invites': () => json(invites),
      'POST /api/team-invites/inv-1/respond': () => {
        invites = [];
        return json({ ok: true });
      },
    });
    renderTeams();
    const section = await screen.findByRole('region', { name: 'Team invites' });
    expect(section).toHaveTextContent('You are invited to join Night Owls');
    await userEvent.click(within(section).getByRole('button', { name: /Accept/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Team invites' })).toBeNull());
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/respond'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ accept: true });
  });
});
