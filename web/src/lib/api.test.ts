import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorText, getQueryFn } from './api';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('fails with "status: body" and keeps the server message and field errors', async () => {
    const body = JSON.stringify({ message: 'User not found', errors: { username: ['Taken'] } });
    stubFetch(new Response(body, { status: 404, statusText: 'Not Found' }));
    const error = await apiRequest('GET', '/api/profile/nobody').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`404: ${body}`);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe('User not found');
    expect((error as ApiError).fieldErrors).toEqual({ username: ['Taken'] });
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/user')).rejects.toThrow('503: Service Unavailable');
  });

  it('keeps a plain-text body as the message and has no server message', async () => {
    stubFetch(new Response('upstream exploded', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await apiRequest('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: upstream exploded');
    expect(error.serverMessage).toBeUndefined();
    expect(errorText(error)).toBe('502: upstream exploded');
    expect(errorText(error, 'Fallback')).toBe('Fallback');
  });

  it('answers null for a 401 when told to, and fails otherwise', async () => {
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(apiRequest('GET', '/api/user', undefined, { on401: 'returnNull' })).resolves.toBeNull();
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(apiRequest('GET', '/api/user')).rejects.toThrow('401: {"message":"Not signed in"}');
  });

  it('sends a JSON body with its content type only when there is a body, always with credentials', async () => {
    const fetchMock = stubFetch(new Response('{"ok":true}', { status: 200 }));
    await expect(apiRequest('POST', '/api/login', { username: 'a', password: 'b' })).resolves.toEqual({
      ok: true,
    });
    const [, withBody] = fetchMock.mock.calls[0];
    expect(withBody).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"a","password":"b"}',
    });

    const again = stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('POST', '/api/logout')).resolves.toBeNull();
    const [, withoutBody] = again.mock.calls[0];
    expect(withoutBody?.body).toBeUndefined();
    expect(withoutBody?.headers).toEqual({});
    expect(withoutBody?.credentials).toBe('include');
  });
});

describe('getQueryFn', () => {
  it('GETs the query key parts joined with slashes', async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    const client = new QueryClient({
      defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }) } },
    });
    await client.fetchQuery({ queryKey: ['/api/user', 'u-1', 'teams'] });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/u-1/teams');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('answers null on 401 with returnNull', async () => {
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    const client = new QueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['/api/user'], queryFn: getQueryFn({ on401: 'returnNull' }) }),
    ).resolves.toBeNull();
  });
});
