import { mediaMap, PRODUCT_NAME, pageQuery, text } from './common';
import { DATE_FORMATS, NEWS_CATEGORIES } from './constants';
import { z } from './messages';
import { IMAGE_REF_MESSAGE, isImageRef } from './profiles';

/**
 * News (SPEC §2 News section and Admin news management, §3 news, §4 news form, §7, §8, §9;
 * issue 11): the article answer with the viewer's abilities, the list query, the admin payload
 * (create and replace) with its defaults, and the texts.
 */

export { NEWS_CATEGORIES };
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];
export const newsCategory = z.enum(NEWS_CATEGORIES);

/** SPEC §9: category News, source the product's own name, readTime '5 min'. */
export const NEWS_DEFAULT_VALUES = {
  category: 'News',
  source: PRODUCT_NAME,
  readTime: '5 min',
} as const satisfies { category: NewsCategory; source: string; readTime: string };

/** The article's date as the list and the dialog show it: 'MMMM d, yyyy' (date-fns). */
export const NEWS_DATE_FORMAT = DATE_FORMATS.news;

export const NEWS_LIMITS = {
  title: 200,
  excerpt: 1000,
  content: 100_000,
  source: 100,
  readTime: 30,
  image: 2048,
} as const;

/** SPEC §3 News article, with when it last changed and the viewer's abilities. */
export const newsArticle = z.object({
  id: z.uuid(),
  title: z.string(),
  excerpt: z.string(),
  /** Markdown (GFM); the web renders it without raw HTML. */
  content: z.string(),
  image: z.string().nullable(),
  category: newsCategory,
  source: z.string(),
  readTime: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The viewer's abilities (policy.ts): admins edit and delete. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  media: mediaMap.optional(),
});
export type NewsArticle = z.infer<typeof newsArticle>;

/** GET /api/news: newest first; `category` one of NEWS_CATEGORIES; `before` the id of the last article shown. */
export const newsQuery = pageQuery.extend({
  category: newsCategory.optional(),
  before: z.uuid().toLowerCase().optional(),
});
export type NewsQuery = z.input<typeof newsQuery>;

/** A text a form may leave empty: trimmed, and the default when empty or missing. */
const textOr = (max: number, fallback: string) =>
  text()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : fallback));

/**
 * POST /api/admin/news and PUT /api/admin/news/{id} (admin; PUT replaces the article). Title
 * required; excerpt and content (Markdown) may be empty; image an uploaded path or an http(s)
 * address, '' meaning none; category, source and readTime take the SPEC §9 defaults when empty.
 */
export const newsBody = z
  .object({
    title: text().trim().min(1, 'Required').max(NEWS_LIMITS.title),
    excerpt: textOr(NEWS_LIMITS.excerpt, ''),
    content: textOr(NEWS_LIMITS.content, ''),
    image: text()
      .trim()
      .max(NEWS_LIMITS.image)
      .transform((v) => (v === '' ? null : v))
      .refine((v) => v === null || isImageRef(v), { message: IMAGE_REF_MESSAGE })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    category: newsCategory.default(NEWS_DEFAULT_VALUES.category),
    source: textOr(NEWS_LIMITS.source, NEWS_DEFAULT_VALUES.source),
    readTime: textOr(NEWS_LIMITS.readTime, NEWS_DEFAULT_VALUES.readTime),
  })
  .strict();
export type NewsBodyInput = z.input<typeof newsBody>;
export type NewsBody = z.output<typeof newsBody>;

/** SPEC §2 News section and Manage News, §8 News. */
export const NEWS_TEXTS = {
  heading: 'Latest News',
  listLabel: 'News articles',
  noNews: 'No news articles available yet.',
  fetchNewsFailed: 'Failed to fetch news',
  fetchArticleFailed: 'Failed to fetch news article',
  newsNotFound: 'News article not found',
  tryAgain: 'Try again',
  loadMore: 'Load more',
  readMore: 'Read more',
  close: 'Close',
  // Manage News
  createHeading: 'Create News Article',
  editHeading: 'Edit News Article',
  create: 'Create Article',
  creating: 'Creating...',
  update: 'Update Article',
  updating: 'Updating...',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Delete this article?',
  deleteDescription: 'The article is removed for good.',
  articles: 'Articles',
  noArticles: 'No news articles yet.',
  created: 'News article created successfully',
  updated: 'News article updated successfully',
  deleted: 'News article deleted successfully',
  createFailed: 'Failed to create news article',
  updateFailed: 'Failed to update news article',
  deleteFailed: 'Failed to delete news article',
  // Field labels
  title: 'Title',
  excerpt: 'Excerpt',
  content: 'Content (Markdown)',
  image: 'Image URL',
  category: 'Category',
  source: 'Source',
  readTime: 'Read time',
} as const;
