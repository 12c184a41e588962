import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aPost, ME_ID, postId, postsPage } from '@web/features/posts/test-data';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '../shell/guards';
import { BookmarksPage } from './bookmarks';

function renderBookmarks() {
  return renderApp(
    <Routes>
      <Route element={<RequireAuth />}>
        <Route path="/bookmarks" element={<BookmarksPage />} />
      </Route>
      <Route path="/auth" element={<p>auth page</p>} />
    </Routes>,
    { route: '/bookmarks' },
  );
}

const bookmarked = (from: number, count: number) =>
  postsPage(from, count).map((post) => ({ ...post, isBookmarked: true }));

describe('Bookmarks page', () => {
  it('sends a signed-out visitor to sign in', async () => {
    mockFetch(signedOut());
    renderBookmarks();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
  });

  it("says 'No bookmarks yet.' when there are none", async () => {
    mockFetch({ ...signedIn(aUser({ id: ME_ID })), 'GET /api/user/bookmarks': () => json([]) });
    renderBookmarks();
    expect(await screen.findByRole('heading', { name: 'Bookmarks' })).toBeInTheDocument();
    expect(await screen.findByText('No bookmarks yet.')).toBeInTheDocument();
  });

  it('lists the bookmarked cards, loads more after the last one, and drops one un-bookmarked', async () => {
    let removed = false;
    const fetchMock = mockFetch({
      ...signedIn(aUser({ id: ME_ID })),
      'GET /api/user/bookmarks': ({ url }) => {
        const before = new URL(url, 'http://localhost').searchParams.get('before');
        if (before === postId(20)) return json(bookmarked(21, 2));
        const first = bookmarked(1, 20);
        return json(removed ? first.slice(1) : first);
      },
      [`DELETE /api/posts/${postId(1)}/bookmark`]: () => {
        removed = true;
        return json({ isBookmarked: false });
      },
    });
    renderBookmarks();
    const list = await screen.findByRole('list', { name: 'Bookmarks' });
    expect(within(list).getAllByRole('article')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(22));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/user/bookmarks?limit=20&before=${postId(20)}`,
      expect.anything(),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const first = within(list).getAllByRole('article')[0];
    const button = within(first).getByRole('button', { name: 'Bookmark' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    await waitFor(() => expect(screen.queryByText('Post number 1')).not.toBeInTheDocument());
  });

  it('shows the error with Try again when the list cannot be fetched', async () => {
    let fail = true;
    mockFetch({
      ...signedIn(aUser({ id: ME_ID })),
      'GET /api/user/bookmarks': () =>
        fail ? json({ message: 'boom' }, 500) : json([aPost({ isBookmarked: true })]),
    });
    renderBookmarks();
    expect(await screen.findByText('Failed to fetch bookmarks')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Post by recon_rita' })).toBeInTheDocument();
  });
});
