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
      ...signedIn(aUser({ username: 'player_one' })),
      'DELETE /api/user': () => new Response(null, { status: 204 }),
    });
    const { client } = renderApp(<SettingsPage />, { route: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure?');
    expect(dialog).toHaveTextContent('This will permanently delete your account and all your data.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    // The button stays disabled until the username is typed exactly.
    const confirm = within(dialog).getByRole('button', { name: 'Delete Account' });
    expect(confirm).toBeDisabled();
    const typed = within(dialog).getByLabelText('Type player_one to confirm');
    await userEvent.type(typed, 'player_on');
    expect(confirm).toBeDisabled();
    await userEvent.type(typed, 'e');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
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
      ...signedIn(aUser({ username: 'player_one' })),
      'DELETE /api/user': () => json({ message: 'Database unavailable' }, 503),
    });
    renderApp(<SettingsPage />, { route: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText('Type player_one to confirm'), 'player_one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Failed to delete account')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
  });

  it('changes the password with the current one, and shows the server field error', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      'POST /api/user/password': (init) =>
        JSON.parse(String(init.body)).currentPassword === 'old-pass-123'
          ? new Response(null, { status: 204 })
          : json(
              {
                message: 'Current password is incorrect',
                errors: { currentPassword: ['Current password is incorrect'] },
              },
              400,
            ),
    });
    renderApp(<SettingsPage />, { route: '/settings' });
    const form = await screen.findByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'wrong-pass-1');
    await userEvent.type(within(form).getByLabelText('New password'), 'a-brand-new-pass');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'a-brand-new-pass');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
    expect(within(form).getByText('Current password is incorrect')).toBeInTheDocument();

    const current = within(form).getByLabelText('Current password');
    await userEvent.clear(current);
    await userEvent.type(current, 'old-pass-123');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Other sessions were signed out.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.filter(([url]) => url === '/api/user/password');
    expect(JSON.parse(String(sent.at(-1)?.[1]?.body))).toEqual({
      currentPassword: 'old-pass-123',
      newPassword: 'a-brand-new-pass',
    });
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('refuses a mismatched confirmation without calling the server', async () => {
    const fetchMock = mockFetch(signedIn(aUser()));
    renderApp(<SettingsPage />, { route: '/settings' });
    const form = await screen.findByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'old-pass-123');
    await userEvent.type(within(form).getByLabelText('New password'), 'a-brand-new-pass');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'another-pass-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText("Passwords don't match")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/password')).toBe(false);
  });

  it('signs out everywhere else after a confirmation', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      'POST /api/user/sessions/revoke-others': () => new Response(null, { status: 204 }),
    });
    renderApp(<SettingsPage />, { route: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out everywhere else')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/user/sessions/revoke-others')).toHaveLength(
      1,
    );
  });

  it('has a Notifications section (issue 23)', async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/notifications/preferences': () => json({ kinds: {}, digest: false, emailConfigured: true }),
    });
    renderApp(<SettingsPage />, { route: '/settings' });
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Reminders the day before a game' })).toHaveValue(
      'email',
    );
  });

  it('has a Download my data section with its request button (issue 24)', async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/user/export': () =>
        json({
          status: 'none',
          requestedAt: null,
          readyAt: null,
          expiresAt: null,
          size: null,
          downloadUrl: null,
        }),
    });
    renderApp(<SettingsPage />, { route: '/settings' });
    expect(await screen.findByRole('heading', { name: 'Download my data' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Request my data' })).toBeInTheDocument();
  });
});
