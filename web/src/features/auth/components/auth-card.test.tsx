import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { AuthCard } from './auth-card';
import { MarketingPanel } from './marketing-panel';

async function openRegister() {
  await userEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
  expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
}

async function fillRegister({ confirm }: { confirm: string }) {
  await userEvent.type(screen.getByLabelText('Username'), 'ghost_actual');
  await userEvent.type(screen.getByLabelText('Email'), 'ghost@example.test');
  await userEvent.type(screen.getByLabelText('Password'), 'field-ready-pass');
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
}

const registrations = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/register' && init?.method === 'POST');

describe('registration form', () => {
  it('asks to confirm the password and sends nothing', async () => {
    const fetchMock = mockFetch(signedOut());
    renderApp(<AuthCard />, { route: '/auth' });
    await openRegister();
    await fillRegister({ confirm: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
    expect(registrations(fetchMock)).toHaveLength(0);
  });

  it("says Passwords don't match and sends nothing", async () => {
    const fetchMock = mockFetch(signedOut());
    renderApp(<AuthCard />, { route: '/auth' });
    await openRegister();
    await fillRegister({ confirm: 'something-else-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(registrations(fetchMock)).toHaveLength(0);
  });

  it('sends username, email and password, never confirmPassword, and signs the user in', async () => {
    const user = aUser();
    const fetchMock = mockFetch({ ...signedOut(), 'POST /api/register': () => json(user, 201) });
    const { client } = renderApp(<AuthCard />, { route: '/auth' });
    await openRegister();
    await fillRegister({ confirm: 'field-ready-pass' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(registrations(fetchMock)).toHaveLength(1));
    const [, init] = registrations(fetchMock)[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'ghost_actual',
      email: 'ghost@example.test',
      password: 'field-ready-pass',
    });
    await waitFor(() => expect(client.getQueryData(['/api/user'])).toEqual(user));
  });

  it('shows the server field errors and the Registration failed toast with the server message', async () => {
    mockFetch({
      ...signedOut(),
      'POST /api/register': () =>
        json(
          { message: 'Username is already taken', errors: { username: ['Username is already taken'] } },
          409,
        ),
    });
    renderApp(<AuthCard />, { route: '/auth' });
    await openRegister();
    await fillRegister({ confirm: 'field-ready-pass' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    // Once under the Username field, once in the toast.
    expect(screen.getAllByText('Username is already taken')).toHaveLength(2);
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('login form', () => {
  it('shows the Login failed toast with the server message', async () => {
    mockFetch({
      ...signedOut(),
      'POST /api/login': () => json({ message: 'Invalid username or password' }, 401),
    });
    renderApp(<AuthCard />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('Username'), 'nobody_here');
    await userEvent.type(screen.getByLabelText('Password'), 'not-the-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
  });

  it('requires both fields before calling the server', async () => {
    const fetchMock = mockFetch(signedOut());
    renderApp(<AuthCard />, { route: '/auth' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText('String must contain at least 1 character(s)')).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/login')).toBe(false);
  });

  it('toggles back to login', async () => {
    mockFetch(signedOut());
    renderApp(<AuthCard />, { route: '/auth' });
    await openRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
  });
});

describe('marketing panel', () => {
  it('shows the community numbers', () => {
    renderApp(<MarketingPanel />);
    for (const text of ['5K+ Active Players', '200+ Weekly Events', '1K+ Gear Items']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });
});
