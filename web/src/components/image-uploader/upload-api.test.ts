import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSignRequest,
  registerImage,
  registerImageWithRetries,
  uploadErrorMessage,
  withRetries,
} from './upload-api';

afterEach(() => vi.useRealTimers());

describe('upload flow helpers', () => {
  it('signs a PUT with an address from POST /api/objects/upload, made absolute, with the file type', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ uploadURL: '/api/objects/upload/abc?expires=1&signature=s' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const urls = new Map<string, string>();
    const sign = createSignRequest(urls, 'http://localhost:5000/settings');
    const answer = await sign({ method: 'PUT', key: 'file-1', contentType: 'image/png' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/objects/upload',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(answer).toEqual({
      url: 'http://localhost:5000/api/objects/upload/abc?expires=1&signature=s',
      headers: { 'content-type': 'image/png' },
    });
    expect(urls.get('file-1')).toBe('/api/objects/upload/abc?expires=1&signature=s');
  });

  it('keeps an absolute S3 address as it is', async () => {
    const s3 = 'https://bucket.s3.amazonaws.com/uploads/x?X-Amz-Signature=1';
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ uploadURL: s3 })));
    const answer = await createSignRequest(new Map(), 'http://localhost/')({ method: 'PUT', key: 'k' });
    expect(answer.url).toBe(s3);
  });

  it('registers the uploaded address with PUT /api/post-images', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ objectPath: '/objects/images/x.webp' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(registerImage('/api/objects/upload/abc?sig=1')).resolves.toEqual({
      objectPath: '/objects/images/x.webp',
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/post-images');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({
      method: 'PUT',
      body: JSON.stringify({ imageURL: '/api/objects/upload/abc?sig=1' }),
    });
  });

  it('retries after 0, 1000, 3000 and 5000 ms, but not on a client error', async () => {
    vi.useFakeTimers();
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const done = withRetries(failing).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(failing).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(failing).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(failing).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(failing).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(5000);
    expect(failing).toHaveBeenCalledTimes(5);
    expect(await done).toBeInstanceOf(TypeError);

    vi.useRealTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Not signed in"}', { status: 401 })),
    );
    const sign = createSignRequest(new Map(), 'http://localhost/');
    await expect(sign({ method: 'PUT', key: 'k' })).rejects.toThrow('401');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('registers again while the server is busy (503), but not a refused file (413)', async () => {
    vi.useFakeTimers();
    const answers = [
      new Response('{"message":"busy"}', { status: 503, headers: { 'Retry-After': '5' } }),
      new Response('{"message":"busy"}', { status: 503 }),
      new Response(JSON.stringify({ objectPath: '/objects/images/x.webp' })),
    ];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const done = registerImageWithRetries('/api/objects/upload/abc?sig=1');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toEqual({ objectPath: '/objects/images/x.webp' });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    const refused = vi.fn(async () => new Response('{"message":"Image is too large"}', { status: 413 }));
    vi.stubGlobal('fetch', refused);
    await expect(registerImageWithRetries('/api/objects/upload/abc?sig=1')).rejects.toThrow();
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it("prefers the server's message from a failed upload's body", () => {
    expect(uploadErrorMessage({ message: 'S3 returned 415', body: '{"message":"Only images"}' })).toBe(
      'Only images',
    );
    expect(uploadErrorMessage({ message: 'S3 returned 403', body: '<Error/>' })).toBe('S3 returned 403');
  });
});
