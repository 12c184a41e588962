/**
 * Stores the demo news articles and tutorials (issue 11; their data: data/news.ts and
 * data/tutorials.ts). The rows are built in seed.ts (with their generated images) and stored here.
 */
import type { Db } from '../db/client';
import { news, tutorials } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Stores the demo news articles (rows built in seed.ts with their images). */
export async function seedNews(tx: Tx, rows: (typeof news.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(news).values(rows);
}

/** Stores the demo tutorials (rows built in seed.ts with their images). */
export async function seedTutorials(tx: Tx, rows: (typeof tutorials.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(tutorials).values(rows);
}
