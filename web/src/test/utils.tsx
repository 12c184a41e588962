import type { CurrentUser } from '@contract/auth';
import { render } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';

export const aUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  username: 'ghost_actual',
  email: 'ghost@example.test',
  bio: null,
  location: null,
  avatar: null,
  coverImage: null,
  role: 'user',
  joinedAt: '2026-03-01T12:00:00.000Z',
  canAccessAdmin: overrides.role === 'admin',
  ...overrides,
});

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (init: RequestInit & { url: string }) => Response | Promise<Response>;

/**
 * Replaces fetch with handlers keyed by "METHOD /path" (the query string is ignored).
 * Unknown calls answer 404 JSON. The mock records every call.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const handler = handlers[`${method} ${path}`];
    if (!handler) return json({ message: 'Not found' }, 404);
    return handler({ ...init, url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The signed-in state, as GET /api/user answers it. */
export const signedIn = (user: CurrentUser = aUser()) => ({ 'GET /api/user': () => json(user) });
export const signedOut = () => ({ 'GET /api/user': () => json({ message: 'Not signed in' }, 401) });

export function LocationDisplay() {
  const location = useLocation();
  return (
    <div data-testid="location" data-search={location.search}>
      {location.pathname}
    </div>
  );
}

/** Renders with a fresh query cache, the app providers and an in-memory router at `route`. */
export function renderApp(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  const client = createQueryClient();
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <Providers client={client}>
        {ui}
        <LocationDisplay />
      </Providers>
    </MemoryRouter>,
  );
  return { ...result, client };
}
