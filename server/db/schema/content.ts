import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const news = pgTable(
  'news',
  {
    id: id(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    image: text('image'),
    category: text('category').notNull().default('News'),
    source: text('source').notNull().default('Airsoft Community'),
    readTime: text('read_time').notNull().default('5 min'),
    createdAt: createdAt(),
  },
  (t) => [index('news_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const tutorials = pgTable(
  'tutorials',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    content: text('content'),
    image: text('image'),
    category: text('category').notNull(),
    difficulty: text('difficulty').notNull(),
    duration: text('duration').notNull(),
    type: text('type').notNull().default('video'),
    videoUrl: text('video_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tutorials_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tutorials_category_idx').on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
