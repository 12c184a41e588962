import { AUTH_TEXTS } from '@contract/auth';
import { AUTH_CONFIRM_TEXTS } from '@contract/registration';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '@web/app/router';
import { aUser, json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { AuthCard } from './auth-card';

const location = () => screen.getByTestId('location').textContent;
const confirmations = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/register/confirm' && init?.method === 'POST');

async function register() {
  await userEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
  await userEvent.type(screen.getByLabelText('Username'), 'ghost_actual');
  await userEvent.type(screen.getByLabelText('Email'), 'ghost@example.test');
  await userEvent.type(screen.getByLabelText('Password'), 'field-ready-pass');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'field-ready-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('registration confirmed by email (a 202)', () => {
  it('replaces the form with "Check your email" naming the address, and goes back to the form', async () => {
    mockFetch({
      ...signedOut(),
      'POST /api/register': () => json({ message: AUTH_CONFIRM_TEXTS.checkEmail }, 202),
    });
    const { client } = renderApp(<AuthCard />, { route: '/auth' });
    await register();
    expect(await screen.findByRole('heading', { name: AUTH_CONFIRM_TEXTS.checkEmailTitle })).toHaveFocus();
    expect(screen.getByText('ghost@example.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    // Nobody is signed in by a 202.
    expect(client.getQueryData(['/api/user'])).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: AUTH_CONFIRM_TEXTS.useAnotherAddress }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    // What was typed is still there, the email field ready to change.
    expect(screen.getByLabelText('Username')).toHaveValue('ghost_actual');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });
});

describe('/auth/confirm', () => {
  it('confirms for a visitor signed in as someone else too: the new account replaces them', async () => {
    let user: unknown = aUser({ username: 'someone_else' });
    const fetchMock = mockFetch({
      'GET /api/user': () => json(user),
      'POST /api/register/confirm': () => {
        user = aUser({ username: 'ghost_actual' });
        return json(user, 201);
      },
      'GET /api/posts/feed': () => json([]),
    });
    const { client } = renderApp(<AppRoutes />, { route: '/auth/confirm?token=abc_DEF-123' });
    await waitFor(() => expect(location()).toBe('/'), { timeout: 10_000 });
    expect(confirmations(fetchMock)).toHaveLength(1);
    expect(client.getQueryData<{ username: string }>(['/api/user'])?.username).toBe('ghost_actual');
  }, 20_000);

  it('posts the token once, signs in and goes to the feed', async () => {
    let user: unknown = null;
    const fetchMock = mockFetch({
      'GET /api/user': () => (user ? json(user) : json({ message: 'Not signed in' }, 401)),
      'POST /api/register/confirm': () => {
        user = aUser({ username: 'ghost_actual' });
        return json(user, 201);
      },
      'GET /api/posts/feed': () => json([]),
    });
    renderApp(<AppRoutes />, { route: '/auth/confirm?token=abc_DEF-123' });
    await waitFor(() => expect(location()).toBe('/'), { timeout: 10_000 });
    const calls = confirmations(fetchMock);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0][1]?.body))).toEqual({ token: 'abc_DEF-123' });
  }, 20_000);

  it('shows a loading state while the link is checked', async () => {
    mockFetch({
      ...signedOut(),
      'POST /api/register/confirm': () => new Promise<Response>(() => {}),
    });
    renderApp(<AppRoutes />, { route: '/auth/confirm?token=slow' });
    expect(
      await screen.findByRole('status', { name: AUTH_CONFIRM_TEXTS.confirming }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  }, 20_000);

  it('shows why an expired link failed, and "Sign up again" opens the registration form', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'POST /api/register/confirm': () => json({ message: AUTH_CONFIRM_TEXTS.confirmExpired }, 400),
    });
    renderApp(<AppRoutes />, { route: '/auth/confirm?token=used' });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      AUTH_CONFIRM_TEXTS.confirmExpired,
    );
    expect(confirmations(fetchMock)).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: AUTH_CONFIRM_TEXTS.signUpAgain }));
    expect(
      await screen.findByRole('button', { name: 'Create Account' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(location()).toBe('/auth');
  }, 20_000);

  it('without a token, says the link is not valid and posts nothing', async () => {
    const fetchMock = mockFetch(signedOut());
    renderApp(<AppRoutes />, { route: '/auth/confirm' });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      AUTH_CONFIRM_TEXTS.confirmExpired,
    );
    expect(confirmations(fetchMock)).toHaveLength(0);
  }, 20_000);

  it('shows a taken name explicitly (409)', async () => {
    mockFetch({
      ...signedOut(),
      'POST /api/register/confirm': () =>
        json({ message: AUTH_TEXTS.usernameTaken, errors: { username: [AUTH_TEXTS.usernameTaken] } }, 409),
    });
    renderApp(<AppRoutes />, { route: '/auth/confirm?token=late' });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      AUTH_TEXTS.usernameTaken,
    );
  }, 20_000);
});
