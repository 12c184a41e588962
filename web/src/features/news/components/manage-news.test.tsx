import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { anArticle, newsId } from '../test-data';
import { ManageNews } from './manage-news';

const admin = signedIn(aUser({ role: 'admin' }));
const mine = (n: number, o = {}) => anArticle(n, { canEdit: true, canDelete: true, ...o });
const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith('/api/admin/news') && init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null }));

describe('Manage News', () => {
  it('creates an article in create mode, sending the defaults, and says so', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/news': () => json([]),
      'POST /api/admin/news': (init) => json(mine(3, JSON.parse(String(init.body))), 201),
    });
    renderApp(<ManageNews />);
    expect(await screen.findByRole('heading', { name: 'Create News Article' })).toBeInTheDocument();
    expect(await screen.findByText('No news articles yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Title'), '  Spring open day  ');
    await userEvent.type(screen.getByLabelText('Content (Markdown)'), '## Come along');
    await userEvent.click(screen.getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('News article created successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST')[0].body).toEqual({
      title: 'Spring open day',
      excerpt: '',
      content: '## Come along',
      image: null,
      category: 'News',
      source: 'Airsoft Community',
      readTime: '5 min',
    });
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('requires a title and sends nothing without one', async () => {
    const fetchMock = mockFetch({ ...admin, 'GET /api/news': () => json([]) });
    renderApp(<ManageNews />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(fetchMock, 'POST')).toHaveLength(0);
  });

  it('says Failed to create news article when the server refuses, with its field errors', async () => {
    mockFetch({
      ...admin,
      'GET /api/news': () => json([]),
      'POST /api/admin/news': () => json({ message: 'title: Taken', errors: { title: ['Taken'] } }, 400),
    });
    renderApp(<ManageNews />);
    await userEvent.type(await screen.findByLabelText('Title'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('Failed to create news article')).toBeInTheDocument();
    expect(await screen.findByText('Taken')).toBeInTheDocument();
  });

  it('edits an article: edit mode until save, then back to create mode', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/news': () => json([mine(1, { category: 'Tips', source: 'Field Notes' }), mine(2)]),
      [`PUT /api/admin/news/${newsId(1)}`]: (init) => json(mine(1, JSON.parse(String(init.body)))),
    });
    renderApp(<ManageNews />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Article 1' }));
    expect(screen.getByRole('heading', { name: 'Edit News Article' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Article 1');
    expect(screen.getByLabelText('Category')).toHaveValue('Tips');
    expect(screen.getByLabelText('Source')).toHaveValue('Field Notes');
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), 'Article one, corrected');
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    expect(await screen.findByText('News article updated successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT')[0].body).toMatchObject({
      title: 'Article one, corrected',
      category: 'Tips',
    });
    expect(await screen.findByRole('heading', { name: 'Create News Article' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('leaves edit mode on Cancel without saving, and says Failed to update news article on refusal', async () => {
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/news': () => json([mine(1)]),
      [`PUT /api/admin/news/${newsId(1)}`]: () => json({ message: 'Server error' }, 500),
    });
    renderApp(<ManageNews />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Article 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Create News Article' })).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Article 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Article' }));
    expect(await screen.findByText('Failed to update news article')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit News Article' })).toBeInTheDocument();
  });

  it('deletes after confirmation, and says Failed to delete news article on refusal', async () => {
    let status = 500;
    const fetchMock = mockFetch({
      ...admin,
      'GET /api/news': () => json([mine(1), mine(2)]),
      [`DELETE /api/admin/news/${newsId(2)}`]: () =>
        status === 204 ? new Response(null, { status }) : json({}, status),
    });
    renderApp(<ManageNews />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Article 2' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Delete this article?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete news article')).toBeInTheDocument();

    status = 204;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Article 2' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('News article deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(bodyOf(fetchMock, 'DELETE')).toHaveLength(2));
  });

  it('does not delete when the confirmation is cancelled', async () => {
    const fetchMock = mockFetch({ ...admin, 'GET /api/news': () => json([mine(1)]) });
    renderApp(<ManageNews />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Article 1' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'DELETE')).toHaveLength(0);
  });
});
