import { POST_PAGE_DATA_ID } from '@contract/posts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aComment, aPost, postId } from '@web/features/posts/test-data';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PostPage } from './post';

function renderPost(route: string) {
  return renderApp(
    <Routes>
      <Route path="/posts/:postId" element={<PostPage />} />
    </Routes>,
    { route },
  );
}

describe('post page (/posts/{id})', () => {
  it('shows the post with its comments open', async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/posts/${postId(3)}`]: () =>
        json(aPost({ id: postId(3), caption: 'Dawn raid', commentsCount: 1 })),
      [`GET /api/posts/${postId(3)}/comments`]: () =>
        json([aComment({ postId: postId(3), content: 'Nice one' })]),
    });
    renderPost(`/posts/${postId(3)}`);
    const card = await screen.findByRole('article', { name: 'Post by recon_rita' });
    expect(within(card).getByText('Dawn raid')).toBeInTheDocument();
    expect(await within(card).findByText('Nice one')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Comments' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Back to the feed/ })).toHaveAttribute('href', '/');
  });

  it('starts from the post the HTML carried, without asking for it', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = POST_PAGE_DATA_ID;
    block.textContent = JSON.stringify(aPost({ id: postId(4), caption: 'From the HTML' }));
    document.body.append(block);
    const fetchMock = mockFetch({
      ...signedOut(),
      [`GET /api/posts/${postId(4)}/comments`]: () => json([]),
    });
    renderPost(`/posts/${postId(4)}`);
    expect(await screen.findByText('From the HTML')).toBeInTheDocument();
    expect(document.getElementById(POST_PAGE_DATA_ID)).toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/comments'))).toBe(true),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url) === `/api/posts/${postId(4)}`)).toBe(false);
  });

  it("says 'Post not found' for an unknown or malformed id", async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/posts/${postId(9)}`]: () => json({ message: 'Post not found' }, 404),
      'GET /api/posts/nope': () => json({ message: 'Invalid id' }, 400),
    });
    const first = renderPost(`/posts/${postId(9)}`);
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    first.unmount();
    renderPost('/posts/nope');
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
  });

  it('says the post could not be fetched on a server error, with a way home', async () => {
    mockFetch({ ...signedOut(), [`GET /api/posts/${postId(5)}`]: () => json({ message: 'boom' }, 500) });
    renderPost(`/posts/${postId(5)}`);
    expect(await screen.findByRole('heading', { name: 'Failed to fetch post' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
