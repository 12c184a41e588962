import type { NewsArticle } from '@contract/news';

export const newsId = (n: number) => `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;

export const anArticle = (n: number, overrides: Partial<NewsArticle> = {}): NewsArticle => ({
  id: newsId(n),
  title: `Article ${n}`,
  excerpt: `Excerpt ${n}`,
  content: `## Section ${n}\n\nBody with a [link](https://example.com/${n}).`,
  image: null,
  category: 'News',
  source: 'Airsoft Community',
  readTime: '5 min',
  createdAt: '2026-03-04T12:00:00.000Z',
  updatedAt: '2026-03-04T12:00:00.000Z',
  canEdit: false,
  canDelete: false,
  ...overrides,
});
