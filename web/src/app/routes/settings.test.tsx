import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { SettingsPage } from './settings';

const patches = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/profile' && init?.method === 'PATCH');

describe('settings page', () => {
  it('shows the initials when there is no avatar, and a Change Avatar button', async () => {
    mockFetch(signedIn(aUser({ username: 'medic_07' })));
    renderApp(<SettingsPage />, { route: '/settings' });
    expect(await screen.findByText('ME')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Avatar' })).toBeInTheDocument();
  });

  it('saves username, bio and location and says Profile updated', async () => {
    const me = aUser({ username: 'medic_07' });
    const fetchMock = mockFetch({
      ...signedIn(me),
      'PATCH /api/profile': (init) => json({ ...me, ...JSON.parse(String(init.body)) }),
    });
    const { client } = renderApp(<SettingsPage />, { route: '/settings' });
    await userEvent.type(await screen.findByLabelText('Bio'), 'Field medic');
    await userEvent.type(screen.getByLabelText('Location'), 'Calgary, AB');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(JSON.parse(String(patches(fetchMock)[0][1]?.body))).toEqual({
      username: 'medic_07',
      bio: 'Field medic',
      location: 'Calgary, AB',
    });
    expect(client.getQueryData(['/api/user'])).toMatchObject({ bio: 'Field medic', location: 'Calgary, AB' });
  });

  it('requires a username', async () => {
    const fetchMock = mockFetch(signedIn(aUser({ username: 'medic_07' })));
    renderApp(<SettingsPage />, { route: '/settings' });
    await userEvent.clear(await screen.findByLabelText('Username'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(patches(fetchMock)).toHaveLength(0);
  });

  it('shows Failed to update profile with the server message', async () => {
    mockFetch({
      ...signedIn(aUser({ username: 'medic_07' })),
      'PATCH /api/profile': () =>
        json(
          { message: 'Username is already taken', errors: { username: ['Username is already taken'] } },
          409,
        ),
    });
    renderApp(<SettingsPage />, { route: '/settings' });
    const username = await screen.findByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'taken_name');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getAllByText('Username is already taken')).toHaveLength(2);
  });

  it('deletes the account after confirmation, says Account deleted and goes to /auth', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      'DELETE /api/user': () => new Response(null, { status: 204 }),
    });
    const { client } = renderApp(<SettingsPage />, { route: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure?');
    expect(dialog).toHaveTextContent('This will permanently delete your account and all your data.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(client.getQueryData(['/api/user'])).toBeNull();
  });

  it('keeps the account when the confirmation is cancelled', async () => {
    const fetchMock = mockFetch(signedIn(aUser()));
    renderApp(<SettingsPage />, { route: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('shows Failed to delete account when deletion fails', async () => {
    mockFetch({
      ...signedIn(aUser()),
      'DELETE /api/user': () => json({ message: 'Database unavailable' }, 503),
    });
    renderApp(<SettingsPage />, { route: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Account' }),
    );
    expect(await screen.findByText('Failed to delete account')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
  });
});
