import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aTeam, leaderAbilities, teamId } from '@web/features/teams/test-data';
import { json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TeamCreatePage } from './team-create';

function renderCreate() {
  return renderApp(
    <Routes>
      <Route path="/teams/create" element={<TeamCreatePage />} />
      <Route path="/teams/:teamId" element={<p>team page</p>} />
    </Routes>,
    { route: '/teams/create' },
  );
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>) => {
  const call = fetchMock.mock.calls.find(([u, init]) => u === '/api/teams' && init?.method === 'POST');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('/teams/create', () => {
  it("says 'Name must be at least 3 characters' and sends nothing", async () => {
    const fetchMock = mockFetch({ ...signedIn() });
    renderCreate();
    await userEvent.type(await screen.findByLabelText('Name'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(fetchMock)).toBeUndefined();
  });

  it('creates the team (isRecruiting false unless ticked, empty texts as null) and opens its page', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'POST /api/teams': () => json(aTeam(7, { name: 'Night Owls', abilities: leaderAbilities }), 201),
    });
    renderCreate();
    expect(await screen.findByLabelText('Recruiting new members')).not.toBeChecked();
    await userEvent.type(screen.getByLabelText('Name'), '  Night Owls ');
    await userEvent.type(screen.getByLabelText('Tagline'), 'We own the dark');
    await userEvent.selectOptions(screen.getByLabelText('Play style'), 'milsim');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/teams/${teamId(7)}`));
    expect(bodyOf(fetchMock)).toEqual({
      name: 'Night Owls',
      tagline: 'We own the dark',
      description: null,
      location: null,
      playStyle: 'milsim',
      isRecruiting: false,
      logo: null,
      banner: null,
      colorTheme: '#000000',
    });
  });

  it("puts 'Team name is already taken' (409) on the name field and stays", async () => {
    mockFetch({
      ...signedIn(),
      'POST /api/teams': () => json({ message: 'Team name is already taken' }, 409),
    });
    renderCreate();
    await userEvent.type(await screen.findByLabelText('Name'), 'Night Owls');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText('Team name is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/teams/create');
    expect(screen.queryByText('Failed to create team')).toBeNull();
  });

  it("toasts 'Failed to create team' on any other failure", async () => {
    mockFetch({ ...signedIn(), 'POST /api/teams': () => json({ message: 'Database unavailable' }, 500) });
    renderCreate();
    await userEvent.type(await screen.findByLabelText('Name'), 'Night Owls');
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText('Failed to create team')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });
});
