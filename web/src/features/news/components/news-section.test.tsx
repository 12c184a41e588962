import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anArticle, newsId } from '../test-data';
import { NewsSection } from './news-section';

const ui = (
  <Routes>
    <Route path="/" element={<NewsSection />} />
    <Route path="/news/:newsId" element={<NewsSection />} />
  </Routes>
);

describe('News section', () => {
  it('lists articles with category, title, excerpt, source, date and read time', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/news': () =>
        json([
          anArticle(1, { category: 'Reviews', source: 'Popular Airsoft', readTime: '8 min' }),
          anArticle(2),
        ]),
    });
    renderApp(ui);
    const list = await screen.findByRole('list', { name: 'News articles' });
    const first = within(list).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('Reviews');
    expect(within(first).getByRole('link', { name: 'Article 1' })).toHaveAttribute(
      'href',
      `/news/${newsId(1)}`,
    );
    expect(first).toHaveTextContent('Excerpt 1');
    expect(first).toHaveTextContent('Popular Airsoft');
    expect(first).toHaveTextContent('March 4, 2026');
    expect(first).toHaveTextContent('8 min');
  });

  it('says No news articles available yet. when there are none', async () => {
    mockFetch({ ...signedOut(), 'GET /api/news': () => json([]) });
    renderApp(ui);
    expect(await screen.findByText('No news articles available yet.')).toBeInTheDocument();
  });

  it('says Failed to fetch news when the list cannot load, and tries again', async () => {
    let fail = true;
    mockFetch({
      ...signedOut(),
      'GET /api/news': () => (fail ? json({ message: 'boom' }, 500) : json([anArticle(1)])),
    });
    renderApp(ui);
    expect(await screen.findByText('Failed to fetch news')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Article 1')).toBeInTheDocument();
  });

  it('opens the article dialog at /news/{id} with everything SPEC §2 lists, and closes back to the list', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/news': () => json([anArticle(1, { category: 'Tips', readTime: '3 min' })]),
    });
    renderApp(ui);
    await userEvent.click(await screen.findByRole('link', { name: 'Article 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByTestId('location')).toHaveTextContent(`/news/${newsId(1)}`);
    expect(within(dialog).getByRole('heading', { name: 'Article 1' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Tips');
    expect(dialog).toHaveTextContent('Airsoft Community');
    expect(dialog).toHaveTextContent('March 4, 2026');
    expect(dialog).toHaveTextContent('3 min');
    expect(dialog).toHaveTextContent('Excerpt 1');
    expect(await within(dialog).findByRole('heading', { name: 'Section 1' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'link' })).toHaveAttribute(
      'rel',
      'nofollow noopener noreferrer',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('opens an article shared by its address, fetching it alone, and says when it is gone', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/news': () => json([]),
      [`GET /api/news/${newsId(7)}`]: () => json(anArticle(7, { title: 'Shared article' })),
    });
    renderApp(ui, { route: `/news/${newsId(7)}` });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Shared article' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === `/api/news/${newsId(7)}`)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Back to the News section's own address (issue 20).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/news$/));
  });

  it('says News article not found for an unknown address', async () => {
    mockFetch({ ...signedOut(), 'GET /api/news': () => json([]) });
    renderApp(ui, { route: `/news/${newsId(9)}` });
    expect(await screen.findByText('News article not found')).toBeInTheDocument();
  });
});
