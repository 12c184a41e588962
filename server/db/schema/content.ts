import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';

export const news = pgTable(
  'news',
  {
    id: id(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Markdown (GFM), rendered without raw HTML. */
    content: text('content').notNull(),
    image: text('image'),
    category: text('category').notNull().default('News'),
    source: text('source').notNull().default('Airsoft Community'),
    readTime: text('read_time').notNull().default('5 min'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('news_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('news_category_idx').on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The header search (issue 20).
    index('news_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export const tutorials = pgTable(
  'tutorials',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Markdown (GFM) for article tutorials, rendered without raw HTML. */
    content: text('content'),
    image: text('image'),
    category: text('category').notNull(),
    difficulty: text('difficulty').notNull(),
    duration: text('duration').notNull(),
    type: text('type').notNull().default('video'),
    videoUrl: text('video_url'),
    /** youtubeData: the channel's name (from the YouTube Data API, or typed by the admin without a key). */
    channelTitle: text('channel_title'),
    /** youtubeData: the channel's id, from the API (the Subscribe link goes to the channel). */
    channelId: text('channel_id'),
    /** youtubeData: the video's view count, from the API only (null without YOUTUBE_API_KEY). */
    viewCount: bigint('view_count', { mode: 'number' }),
    /** When the API last answered for this video; housekeeping refreshes rows older than a day. */
    youtubeFetchedAt: ts('youtube_fetched_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('tutorials_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tutorials_category_idx').on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tutorials_youtube_fetched_idx').on(t.youtubeFetchedAt.nullsFirst()),
    // The header search (issue 20).
    index('tutorials_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);
