import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  NEWS_TEXTS,
  type NewsArticle,
  type NewsBody,
  type NewsCategory,
  type NewsQuery,
} from '../../../contract';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { can } from './policy';

type NewsRow = typeof news.$inferSelect;

/** The News article answer (SPEC §3) with the viewer's abilities. */
export function presentNews(row: NewsRow, viewer: SessionUser | null): NewsArticle {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    image: row.image,
    category: row.category as NewsCategory,
    source: row.source,
    readTime: row.readTime,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: can(viewer, 'edit'),
    canDelete: can(viewer, 'delete'),
  };
}

/**
 * Newest first, optionally of one category; `before` is the id of the last article shown
 * (keyset on created_at, id: news_created_idx, or news_category_idx with a category).
 */
export async function listNews(
  db: Db,
  query: Omit<NewsQuery, 'limit'> & { limit: number },
  viewer: SessionUser | null,
): Promise<NewsArticle[]> {
  const where: SQL[] = [];
  if (query.category) where.push(eq(news.category, query.category));
  if (query.before)
    where.push(
      sql`(${news.createdAt}, ${news.id}) < (SELECT b.created_at, b.id FROM news b WHERE b.id = ${query.before})`,
    );
  const list = await db
    .select()
    .from(news)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(query.limit);
  return list.map((r) => presentNews(r, viewer));
}

export async function getNews(db: Db, id: string, viewer: SessionUser | null): Promise<NewsArticle> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw notFound(NEWS_TEXTS.newsNotFound);
  return presentNews(row, viewer);
}

export async function createNews(db: Db, admin: SessionUser, body: NewsBody): Promise<NewsArticle> {
  if (!can(admin, 'create')) throw forbidden();
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [made] = await tx.insert(news).values(body).returning();
    await audit(tx, { adminId: admin.id, action: 'news.create', ...subjectOf(made) });
    return made;
  });
  return presentNews(row, admin);
}

/** PUT: the article takes the payload whole (defaults for what it leaves empty). */
export async function replaceNews(
  db: Db,
  admin: SessionUser,
  id: string,
  body: NewsBody,
): Promise<NewsArticle> {
  if (!can(admin, 'edit')) throw forbidden();
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [changed] = await tx
      .update(news)
      .set({ ...body, updatedAt: sql`now()` })
      .where(eq(news.id, id))
      .returning();
    if (!changed) throw notFound(NEWS_TEXTS.newsNotFound);
    await audit(tx, { adminId: admin.id, action: 'news.update', ...subjectOf(changed) });
    return changed;
  });
  return presentNews(row, admin);
}

export async function deleteNews(db: Db, admin: SessionUser, id: string): Promise<void> {
  if (!can(admin, 'delete')) throw forbidden();
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [gone] = await tx.delete(news).where(eq(news.id, id)).returning({ id: news.id, title: news.title });
    if (!gone) throw notFound(NEWS_TEXTS.newsNotFound);
    await audit(tx, { adminId: admin.id, action: 'news.delete', ...subjectOf(gone) });
  });
}

/** What the audit log keeps of an article: its id and title (never its text). */
const subjectOf = (row: { id: string; title: string }) => ({
  subjectType: 'news',
  subjectId: row.id,
  data: { title: row.title },
});
