import { NOTIFICATION_KINDS } from '@contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { preferences } from '../test-data';
import { NotificationSettingsCard } from './notification-settings-card';

const puts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/notifications/preferences' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('Settings: Notifications', () => {
  it('shows each kind in its group with its channel, and the digest', async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/notifications/preferences': () => json(preferences({ digest: true })),
    });
    renderApp(<NotificationSettingsCard />);
    const form = await screen.findByRole('form', { name: 'Notifications' });
    const teams = within(form).getByRole('group', { name: 'Teams' });
    expect(within(teams).getByRole('combobox', { name: 'Team invitations' })).toHaveValue('email');
    expect(within(form).getByRole('combobox', { name: 'Comments on your posts' })).toHaveValue('app');
    const safety = within(form).getByRole('group', { name: 'Community safety' });
    expect(within(safety).getByRole('combobox', { name: 'Warnings from the admins' })).toHaveValue('app');
    expect(within(form).getAllByRole('combobox')).toHaveLength(NOTIFICATION_KINDS.length);
    const options = within(within(form).getByRole('combobox', { name: 'Likes on your posts' })).getAllByRole(
      'option',
    );
    expect(options.map((o) => o.textContent)).toEqual(['In the app', 'In the app and by email', 'Off']);
    expect(options.every((o) => !(o as HTMLOptionElement).disabled)).toBe(true);
    const digest = within(form).getByRole('switch', {
      name: 'Send me a daily email with what I have not read',
    });
    expect(digest).toBeChecked();
    expect(digest).toBeEnabled();
    expect(screen.queryByText(/Email is not configured/)).not.toBeInTheDocument();
  });

  it('without mail on the site: the email choices and the digest are disabled, and it says why', async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/notifications/preferences': () => json(preferences({ emailConfigured: false })),
    });
    renderApp(<NotificationSettingsCard />);
    expect(
      await screen.findByText(
        'Email is not configured on this site: notifications are shown in the app only.',
      ),
    ).toBeInTheDocument();
    for (const select of screen.getAllByRole('combobox')) {
      const email = within(select).getByRole('option', {
        name: 'In the app and by email',
      }) as HTMLOptionElement;
      expect(email.disabled).toBe(true);
      expect((within(select).getByRole('option', { name: 'Off' }) as HTMLOptionElement).disabled).toBe(false);
    }
    expect(screen.getByRole('switch', { name: /daily email/ })).toBeDisabled();
    // A kind set to email (the default for invitations) reads as what happens: in the app.
    expect(screen.getByRole('combobox', { name: 'Team invitations' })).toHaveValue('app');
  });

  it('saves what changed with a toast', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/notifications/preferences': () => json(preferences()),
      'PUT /api/notifications/preferences': (init) => {
        const body = JSON.parse(String(init.body));
        return json(preferences({ kinds: { ...preferences().kinds, ...body.kinds }, digest: body.digest }));
      },
    });
    renderApp(<NotificationSettingsCard />);
    const save = await screen.findByRole('button', { name: 'Save notification settings' });
    expect(save).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Likes on your posts' }), 'off');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Comments on your posts' }), 'email');
    await userEvent.click(screen.getByRole('switch', { name: /daily email/ }));
    await userEvent.click(save);
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([{ kinds: { like: 'off', comment: 'email' }, digest: true }]);
    expect(screen.getByRole('combobox', { name: 'Likes on your posts' })).toHaveValue('off');
    expect(screen.getByRole('switch', { name: /daily email/ })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled(),
    );
  });

  it('shows the server message when saving fails, and keeps the choices', async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/notifications/preferences': () => json(preferences()),
      'PUT /api/notifications/preferences': () => json({ message: 'Email is not configured' }, 400),
    });
    renderApp(<NotificationSettingsCard />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'New followers' }), 'off');
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save notification settings: Email is not configured',
    );
    expect(await screen.findByText('Failed to save notification settings')).toBeInTheDocument(); // the toast
    expect(screen.getByRole('combobox', { name: 'New followers' })).toHaveValue('off');
  });

  it('says when the settings could not be loaded', async () => {
    mockFetch({ ...signedIn(), 'GET /api/notifications/preferences': () => json({ message: 'down' }, 500) });
    renderApp(<NotificationSettingsCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notification settings');
  });
});
