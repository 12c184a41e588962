import type { Comment } from '@contract/posts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { aComment, aPost, commentId, deferred, ME_ID, OTHER_ID, postId } from '../test-data';
import { FeedSection } from './feed-section';
import { PostCard } from './post-card';

const COMMENTS = `/api/posts/${postId(1)}/comments`;
const me = aUser({ id: ME_ID, username: 'ghost_actual' });
const mine = (overrides: Partial<Comment> = {}) =>
  aComment({
    id: commentId(2),
    content: 'Thanks all',
    user: { id: ME_ID, username: 'ghost_actual', avatar: null },
    ...overrides,
  });

type Fetch = ReturnType<typeof mockFetch>;
const callsTo = (fetchMock: Fetch, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
const bodyOf = (fetchMock: Fetch, method: string, path: string) =>
  JSON.parse(String(callsTo(fetchMock, method, path)[0]?.[1]?.body));

async function openComments() {
  const card = await screen.findByRole('article', { name: 'Post by recon_rita' });
  const toggle = within(card).getByRole('button', { name: 'Comments' });
  await userEvent.click(toggle);
  return { card, toggle };
}

const commentItem = async (text: string) => {
  const found = await screen.findByText(text);
  const item = found.closest('li');
  if (!item) throw new Error(`no comment item around ${text}`);
  return item;
};

/** Delete on the comment, then Delete in the confirmation. */
async function confirmDelete(item: HTMLElement) {
  await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('comments panel', () => {
  it('loads the comments only once opened, and hides them again', async () => {
    const fetchMock = mockFetch({ ...signedOut(), [`GET ${COMMENTS}`]: () => json([aComment()]) });
    renderApp(<PostCard post={aPost({ commentsCount: 1 })} />);
    const card = await screen.findByRole('article', { name: 'Post by recon_rita' });
    const toggle = within(card).getByRole('button', { name: 'Comments' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleDescription('1 comment');
    await new Promise((r) => setTimeout(r, 20));
    expect(callsTo(fetchMock, 'GET', COMMENTS)).toHaveLength(0);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(list).toHaveClass('max-h-64', 'overflow-y-auto');
    const item = await commentItem('Great shot!');
    expect(within(item).getByRole('link', { name: 'recon_rita' })).toHaveAttribute(
      'href',
      '/profile/recon_rita',
    );
    expect(within(item).getByText('10 minutes ago')).toBeInTheDocument();
    expect(within(item).queryByText('(edited)')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', COMMENTS)).toHaveLength(1);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Great shot!')).not.toBeInTheDocument();
  });

  it("shows 'No comments yet. Be the first!' and, to visitors, a sign-in link", async () => {
    mockFetch({ ...signedOut(), [`GET ${COMMENTS}`]: () => json([]) });
    renderApp(<PostCard post={aPost()} />);
    await openComments();
    expect(await screen.findByText('No comments yet. Be the first!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to comment' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load comments' when they cannot load", async () => {
    mockFetch({ ...signedOut(), [`GET ${COMMENTS}`]: () => json({ message: 'Internal error' }, 500) });
    renderApp(<PostCard post={aPost()} />);
    await openComments();
    expect(await screen.findByText('Failed to load comments')).toBeInTheDocument();
    expect(screen.queryByText('No comments yet. Be the first!')).not.toBeInTheDocument();
  });

  it("offers Edit and Delete on the user's own comments only, and marks edited ones", async () => {
    const later = new Date(Date.now() - 60 * 1000).toISOString();
    mockFetch({
      ...signedIn(me),
      [`GET ${COMMENTS}`]: () => json([aComment(), mine({ updatedAt: later })]),
    });
    renderApp(<PostCard post={aPost()} />);
    await openComments();
    const theirs = await commentItem('Great shot!');
    const own = await commentItem('Thanks all');
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(own).getByText('(edited)')).toBeInTheDocument();
  });

  it('edits an own comment: Save sends the trimmed text and leaves edit mode', async () => {
    let stored = mine();
    const fetchMock = mockFetch({
      ...signedIn(me),
      [`GET ${COMMENTS}`]: () => json([stored]),
      [`PATCH /api/comments/${commentId(2)}`]: (init) => {
        stored = mine({
          content: JSON.parse(String(init.body)).content,
          updatedAt: new Date().toISOString(),
        });
        return json(stored);
      },
    });
    renderApp(<PostCard post={aPost()} />);
    await openComments();
    const item = await commentItem('Thanks all');
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    const field = within(item).getByRole('textbox', { name: 'Edit your comment' });
    expect(field).toHaveValue('Thanks all');
    expect(within(item).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    expect(within(item).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '  Thanks, see you Sunday  ');
    await userEvent.click(within(item).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Comment updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', `/api/comments/${commentId(2)}`)).toEqual({
      content: 'Thanks, see you Sunday',
    });
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).not.toBeInTheDocument(),
    );
    const updated = await commentItem('Thanks, see you Sunday');
    expect(within(updated).getByText('(edited)')).toBeInTheDocument();
  });

  it('cancels an edit with Cancel or Escape, sending nothing', async () => {
    const fetchMock = mockFetch({ ...signedIn(me), [`GET ${COMMENTS}`]: () => json([mine()]) });
    renderApp(<PostCard post={aPost()} />);
    await openComments();
    const item = await commentItem('Thanks all');

    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(item).getByRole('textbox', { name: 'Edit your comment' }), ' draft');
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel' }));
    expect(within(item).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(item).getByText('Thanks all')).toBeInTheDocument();

    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    const field = within(item).getByRole('textbox', { name: 'Edit your comment' });
    expect(field).toHaveValue('Thanks all');
    await userEvent.type(field, ' again{Escape}');
    expect(within(item).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(item).getByText('Thanks all')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', `/api/comments/${commentId(2)}`)).toHaveLength(0);
  });

  it('reports a failed edit with the server message and stays in edit mode', async () => {
    mockFetch({
      ...signedIn(me),
      [`GET ${COMMENTS}`]: () => json([mine()]),
      [`PATCH /api/comments/${commentId(2)}`]: () =>
        json({ message: 'Your text contains a blocked word. Please rephrase it.' }, 400),
    });
    renderApp(<PostCard post={aPost()} />);
    await openComments();
    const item = await commentItem('Thanks all');
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(item).getByRole('textbox'), ' extra');
    await userEvent.click(within(item).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Your text contains a blocked word. Please rephrase it.'),
    ).toBeInTheDocument();
    expect(within(item).getByRole('textbox', { name: 'Edit your comment' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to update comment' without a server message", async () => {
    mockFetch({
      ...signedIn(me),
      [`GET ${COMMENTS}`]: () => json([mine()]),
      [`PATCH /api/comments/${commentId(2)}`]: () => new Response('', { status: 502 }),
    });
    renderApp(<PostCard post={aPost()} />);
    await openComments();
    const item = await commentItem('Thanks all');
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(item).getByRole('textbox'), '!');
    await userEvent.click(within(item).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update comment')).toBeInTheDocument();
  });

  it('deletes an own comment and lowers the count on the card', async () => {
    let list = [aComment(), mine()];
    const fetchMock = mockFetch({
      ...signedIn(me),
      'GET /api/posts/feed': () => json([aPost({ commentsCount: list.length })]),
      [`GET ${COMMENTS}`]: () => json(list),
      [`DELETE /api/comments/${commentId(2)}`]: () => {
        list = [aComment()];
        return new Response(null, { status: 204 });
      },
    });
    renderApp(<FeedSection />);
    const { card } = await openComments();
    expect(within(card).getByTestId('comments-count')).toHaveTextContent('2');
    const item = await commentItem('Thanks all');
    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const keep = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    expect(keep).toHaveTextContent('The comment is removed for good.');
    await userEvent.click(within(keep).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', `/api/comments/${commentId(2)}`)).toHaveLength(0);
    expect(screen.getByText('Thanks all')).toBeInTheDocument();
    await confirmDelete(item);
    expect(await screen.findByText('Comment deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Thanks all')).not.toBeInTheDocument());
    expect(screen.getByText('Great shot!')).toBeInTheDocument();
    expect(within(card).getByTestId('comments-count')).toHaveTextContent('1');
    expect(callsTo(fetchMock, 'DELETE', `/api/comments/${commentId(2)}`)).toHaveLength(1);
  });

  it("reports a failed delete: server message, else 'Failed to delete comment'", async () => {
    let message: string | undefined = 'Not allowed';
    mockFetch({
      ...signedIn(me),
      [`GET ${COMMENTS}`]: () => json([mine()]),
      [`DELETE /api/comments/${commentId(2)}`]: () =>
        message ? json({ message }, 403) : new Response('', { status: 500 }),
    });
    renderApp(<PostCard post={aPost()} />);
    await openComments();
    const item = await commentItem('Thanks all');
    await confirmDelete(item);
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(screen.getByText('Thanks all')).toBeInTheDocument();
    message = undefined;
    await confirmDelete(item);
    expect(await screen.findByText('Failed to delete comment')).toBeInTheDocument();
  });

  it('posts a trimmed comment with Enter (Shift+Enter is a new line), disabled while empty or sending', async () => {
    let list: Comment[] = [];
    const answer = deferred<Response>();
    const fetchMock = mockFetch({
      ...signedIn(me),
      'GET /api/posts/feed': () => json([aPost({ commentsCount: list.length })]),
      [`GET ${COMMENTS}`]: () => json(list),
      [`POST ${COMMENTS}`]: async (init) => {
        const { content } = JSON.parse(String(init.body));
        const response = await answer.promise;
        list = [mine({ content })];
        return response;
      },
    });
    renderApp(<FeedSection />);
    const { card } = await openComments();
    await screen.findByText('No comments yet. Be the first!');
    const field = screen.getByRole('textbox', { name: 'Write a comment' });
    const send = screen.getByRole('button', { name: 'Post comment' });
    expect(send).toBeDisabled();
    await userEvent.type(field, '   ');
    expect(send).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(callsTo(fetchMock, 'POST', COMMENTS)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '  See you{Shift>}{Enter}{/Shift}on Sunday ');
    expect(field).toHaveValue('  See you\non Sunday ');
    expect(callsTo(fetchMock, 'POST', COMMENTS)).toHaveLength(0);
    expect(send).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(send).toBeDisabled());
    expect(bodyOf(fetchMock, 'POST', COMMENTS)).toEqual({ content: 'See you\non Sunday' });

    answer.resolve(json(mine({ content: 'See you\non Sunday' }), 201));
    await waitFor(() => expect(field).toHaveValue(''));
    const list_ = screen.getByRole('list', { name: 'Comments' });
    expect(within(list_).getByText(/See you\s+on Sunday/)).toBeInTheDocument();
    expect(within(card).getByTestId('comments-count')).toHaveTextContent('1');
    expect(callsTo(fetchMock, 'POST', COMMENTS)).toHaveLength(1);
  });

  it("reports a failed comment: 'Error' with the server message, else 'Failed to post comment'", async () => {
    let message: string | undefined = 'Your text contains a blocked word. Please rephrase it.';
    mockFetch({
      ...signedIn(me),
      [`GET ${COMMENTS}`]: () => json([]),
      [`POST ${COMMENTS}`]: () => (message ? json({ message }, 400) : new Response('', { status: 500 })),
    });
    renderApp(<PostCard post={aPost()} />);
    await openComments();
    const field = await screen.findByRole('textbox', { name: 'Write a comment' });
    await userEvent.type(field, 'Bad words');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(field).toHaveValue('Bad words');

    message = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Failed to post comment')).toBeInTheDocument();
  });

  it('does not offer Edit or Delete on the comments of a user with another id', async () => {
    mockFetch({
      ...signedIn(aUser({ id: OTHER_ID.replace('aa', 'bb'), username: 'recon_rita' })),
      [`GET ${COMMENTS}`]: () => json([aComment()]),
    });
    renderApp(<PostCard post={aPost()} />);
    await openComments();
    const item = await commentItem('Great shot!');
    expect(within(item).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
