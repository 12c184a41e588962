import { and, asc, desc, eq, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  parseYoutubeVideoId,
  TUTORIAL_TEXTS,
  type Tutorial,
  type TutorialBody,
  type TutorialCategory,
  type TutorialDifficulty,
  type TutorialsQuery,
  type TutorialType,
} from '../../../contract';
import type { Db } from '../../db/client';
import { tutorials } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { audit } from '../audit';
import type { SessionUser } from '../auth';
import { can } from './policy';
import type { YoutubeClient } from './youtube';

type TutorialRow = typeof tutorials.$inferSelect;

/** The Tutorial answer (SPEC §3) with the parsed video id, youtubeData and the viewer's abilities. */
export function presentTutorial(row: TutorialRow, viewer: SessionUser | null): Tutorial {
  const videoId = parseYoutubeVideoId(row.videoUrl);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    image: row.image,
    category: row.category as TutorialCategory,
    difficulty: row.difficulty as TutorialDifficulty,
    duration: row.duration,
    type: row.type as TutorialType,
    videoUrl: row.videoUrl,
    videoId,
    youtubeData: videoId
      ? {
          viewCount: row.viewCount === null ? null : Number(row.viewCount),
          channelTitle: row.channelTitle,
          channelId: row.channelId,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: can(viewer, 'edit'),
    canDelete: can(viewer, 'delete'),
  };
}

/** Newest first, optionally of one category (tutorials_category_idx); `before` the id of the last one shown. */
export async function listTutorials(
  db: Db,
  query: Omit<TutorialsQuery, 'limit'> & { limit: number },
  viewer: SessionUser | null,
): Promise<Tutorial[]> {
  const where: SQL[] = [];
  if (query.category) where.push(eq(tutorials.category, query.category));
  if (query.before)
    where.push(
      sql`(${tutorials.createdAt}, ${tutorials.id}) < (SELECT b.created_at, b.id FROM tutorials b WHERE b.id = ${query.before})`,
    );
  const list = await db
    .select()
    .from(tutorials)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(tutorials.createdAt), desc(tutorials.id))
    .limit(query.limit);
  return list.map((r) => presentTutorial(r, viewer));
}

export async function getTutorial(db: Db, id: string, viewer: SessionUser | null): Promise<Tutorial> {
  const [row] = await db.select().from(tutorials).where(eq(tutorials.id, id));
  if (!row) throw notFound(TUTORIAL_TEXTS.tutorialNotFound);
  return presentTutorial(row, viewer);
}

type YoutubeColumns = Pick<TutorialRow, 'channelTitle' | 'channelId' | 'viewCount' | 'youtubeFetchedAt'>;

export interface WriteDeps {
  /** Null without YOUTUBE_API_KEY: the admin's channel name is kept and no view count is shown. */
  youtube: YoutubeClient | null;
  /** Where a failed API call is reported (the save goes on without it). */
  warn?: (err: unknown, message: string) => void;
}

/**
 * youtubeData for a saved tutorial: from the YouTube Data API when a key is set (the API's channel
 * name wins over a typed one); otherwise, or when the API cannot be reached, the admin's channel
 * name, and what the row knew of the same video (a failed call is retried by housekeeping).
 */
async function youtubeColumns(
  deps: WriteDeps,
  body: TutorialBody,
  previous?: TutorialRow,
): Promise<YoutubeColumns> {
  const videoId = parseYoutubeVideoId(body.videoUrl);
  const none = { channelTitle: body.channelTitle, channelId: null, viewCount: null, youtubeFetchedAt: null };
  if (!videoId) return none;
  if (deps.youtube) {
    try {
      const facts = (await deps.youtube.videos([videoId])).get(videoId);
      return {
        channelTitle: facts?.channelTitle ?? body.channelTitle,
        channelId: facts?.channelId ?? null,
        viewCount: facts?.viewCount ?? null,
        youtubeFetchedAt: new Date(),
      };
    } catch (err) {
      deps.warn?.(err, 'YouTube Data API failed; the tutorial is saved without fresh data');
    }
  }
  const same = previous && parseYoutubeVideoId(previous.videoUrl) === videoId;
  if (!same) return none;
  return {
    channelTitle: body.channelTitle ?? (deps.youtube ? previous.channelTitle : null),
    channelId: previous.channelId,
    viewCount: previous.viewCount,
    youtubeFetchedAt: deps.youtube ? null : previous.youtubeFetchedAt,
  };
}

export async function createTutorial(
  db: Db,
  deps: WriteDeps,
  admin: SessionUser,
  body: TutorialBody,
): Promise<Tutorial> {
  if (!can(admin, 'create')) throw forbidden();
  const { channelTitle: _typed, ...fields } = body;
  // The YouTube facts are asked before the transaction (a call out never holds a connection).
  const youtube = await youtubeColumns(deps, body);
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [made] = await tx
      .insert(tutorials)
      .values({ ...fields, ...youtube })
      .returning();
    await audit(tx, { adminId: admin.id, action: 'tutorial.create', ...subjectOf(made) });
    return made;
  });
  return presentTutorial(row, admin);
}

/** PUT: the tutorial takes the payload whole. */
export async function replaceTutorial(
  db: Db,
  deps: WriteDeps,
  admin: SessionUser,
  id: string,
  body: TutorialBody,
): Promise<Tutorial> {
  if (!can(admin, 'edit')) throw forbidden();
  const [previous] = await db.select().from(tutorials).where(eq(tutorials.id, id));
  if (!previous) throw notFound(TUTORIAL_TEXTS.tutorialNotFound);
  const { channelTitle: _typed, ...fields } = body;
  const youtube = await youtubeColumns(deps, body, previous);
  const row = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [changed] = await tx
      .update(tutorials)
      .set({ ...fields, ...youtube, updatedAt: sql`now()` })
      .where(eq(tutorials.id, id))
      .returning();
    if (!changed) throw notFound(TUTORIAL_TEXTS.tutorialNotFound);
    await audit(tx, { adminId: admin.id, action: 'tutorial.update', ...subjectOf(changed) });
    return changed;
  });
  return presentTutorial(row, admin);
}

export async function deleteTutorial(db: Db, admin: SessionUser, id: string): Promise<void> {
  if (!can(admin, 'delete')) throw forbidden();
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [gone] = await tx
      .delete(tutorials)
      .where(eq(tutorials.id, id))
      .returning({ id: tutorials.id, title: tutorials.title });
    if (!gone) throw notFound(TUTORIAL_TEXTS.tutorialNotFound);
    await audit(tx, { adminId: admin.id, action: 'tutorial.delete', ...subjectOf(gone) });
  });
}

/** What the audit log keeps of a tutorial: its id and title (never its text). */
const subjectOf = (row: { id: string; title: string }) => ({
  subjectType: 'tutorial',
  subjectId: row.id,
  data: { title: row.title },
});

/** youtubeData older than this is fetched again by housekeeping. */
export const YOUTUBE_REFRESH_MS = 24 * 60 * 60 * 1000;
const REFRESH_BATCH = 200;

/**
 * Fetches youtubeData again for tutorials whose data is over a day old (or was never fetched),
 * oldest first, a batch per run; every row asked about is stamped, so a video the API no longer
 * knows is asked again only the next day. Answers how many rows were updated. Throws when the API
 * fails (nothing is stamped then, so the next run retries).
 */
export async function refreshYoutubeData(db: Db, youtube: YoutubeClient, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - YOUTUBE_REFRESH_MS);
  const stale = await db
    .select({ id: tutorials.id, videoUrl: tutorials.videoUrl })
    .from(tutorials)
    .where(
      and(
        isNotNull(tutorials.videoUrl),
        or(isNull(tutorials.youtubeFetchedAt), lt(tutorials.youtubeFetchedAt, cutoff)),
      ),
    )
    .orderBy(asc(tutorials.youtubeFetchedAt))
    .limit(REFRESH_BATCH);
  if (stale.length === 0) return 0;
  const withIds = stale.map((r) => ({ id: r.id, videoId: parseYoutubeVideoId(r.videoUrl) }));
  const facts = await youtube.videos(withIds.flatMap((r) => (r.videoId ? [r.videoId] : [])));
  let updated = 0;
  for (const { id, videoId } of withIds) {
    const f = videoId ? facts.get(videoId) : undefined;
    await db
      .update(tutorials)
      .set(
        f
          ? {
              viewCount: f.viewCount,
              channelId: f.channelId,
              ...(f.channelTitle ? { channelTitle: f.channelTitle } : {}),
              youtubeFetchedAt: now,
            }
          : { youtubeFetchedAt: now },
      )
      .where(eq(tutorials.id, id));
    if (f) updated += 1;
  }
  return updated;
}
