import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { images, uploadTokens, userSessions } from '../../db/schema';
import type { ObjectStorage } from '../../storage/types';
import { deleteExpiredRegistrations } from '../auth';
import { backfillBadges, backfillMembership } from '../badges';
import { deleteExpiredExports } from '../data-export';
import { flagUnconfirmedGames } from '../events';
import { deleteFinishedMail, NO_MAIL, type NotifyOptions, remindEvents } from '../notifications';
import { refreshYoutubeData, type YoutubeClient } from '../tutorials';
import { deleteStoredImage, IMAGE_REFERENCES } from '../uploads';

/** A raw upload is deleted this long after its address expired (a late registration still answers). */
export const UPLOAD_TOKEN_GRACE_MS = 5 * 60 * 1000;
/** Upload address rows stay a day: the daily upload budget counts them. */
export const UPLOAD_TOKEN_KEEP_MS = 24 * 60 * 60 * 1000;
/** An image nothing references is deleted once it is this old (a draft may still be posted). */
export const IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export interface HousekeepingResult {
  sessions: number;
  /** Upload addresses whose raw upload was deleted (expired, never registered). */
  uploadTokens: number;
  /** Stored images deleted because nothing references them any more. */
  images: number;
  /** Tutorials whose YouTube data was fetched again (over a day old). */
  youtube: number;
  /** mail_outbox rows sent, skipped or given up over MAIL_KEEP_MS (30 days) ago, deleted. */
  mails: number;
  /** Data exports past their 7 days (or of deleted accounts, or failed over 7 days ago), deleted with their ZIPs. */
  exports: number;
  /** Registrations waiting for their emailed link, expired (issue 24), deleted with their mails. */
  registrations: number;
  /** With `badges`: badges awarded by the sweep. */
  badges?: number;
  /** With `reminders`: 'event-reminder' entries written (events starting within a day). */
  reminders?: number;
  /** With `reminders`: 'event-unconfirmed' entries written (games of a series within a week, not confirmed; issue 26). */
  unconfirmed?: number;
}

export interface HousekeepingOptions {
  sweepImages?: boolean;
  /** With YOUTUBE_API_KEY: tutorials' youtubeData older than a day is fetched again. */
  youtube?: YoutubeClient | null;
  /**
   * 'all': every badge rule for every player (the backfill: a database from before the badges, or an
   * award that failed); 'membership': the one-year rule alone (it has no write to trigger it).
   */
  badges?: 'all' | 'membership';
  /** The reminders a day before each game (notifications' remindEvents). */
  reminders?: boolean;
  /** How the players are told of badges and reminders (mail or not; default: in the app only). */
  notice?: NotifyOptions;
}

/**
 * Deletes expired sessions; the raw uploads of addresses expired for over five minutes (the
 * address rows themselves after a day); and, with `sweepImages`, stored images (with their
 * variants) that no column of IMAGE_REFERENCES holds any more, once past their grace period; the
 * outbox's mails sent, skipped or given up over 30 days ago (MAIL_KEEP_MS); data exports past
 * their 7 days, with their ZIPs (modules/data-export); registrations whose emailed link expired
 * (with their mails); and,
 * with `badges`, the badge backfill (modules/badges); with `reminders`, the reminders a day before
 * each game (modules/notifications); and, with `youtube`, tutorials' YouTube data
 * over a day old (last, so an unreachable API fails only that part). Safe to run at any time and
 * in several processes.
 */
export async function runHousekeeping(
  db: Db,
  storage: ObjectStorage,
  now = new Date(),
  opts: HousekeepingOptions = { sweepImages: true },
): Promise<HousekeepingResult> {
  const sessions = await db
    .delete(userSessions)
    .where(lt(userSessions.expiresAt, now))
    .returning({ id: userSessions.id });

  const cutoff = new Date(now.getTime() - UPLOAD_TOKEN_GRACE_MS);
  let tokens = 0;
  for (;;) {
    const stale = await db
      .select({ id: uploadTokens.id, objectKey: uploadTokens.objectKey })
      .from(uploadTokens)
      .where(
        and(
          lt(uploadTokens.expiresAt, cutoff),
          isNull(uploadTokens.cleanedAt),
          isNull(uploadTokens.registeredAt),
        ),
      )
      .orderBy(uploadTokens.expiresAt)
      .limit(BATCH);
    if (stale.length === 0) break;
    // Deleting a missing object is not an error: most raw uploads are gone already.
    for (const token of stale) await storage.delete(token.objectKey);
    await db
      .update(uploadTokens)
      .set({ cleanedAt: now })
      .where(
        inArray(
          uploadTokens.id,
          stale.map((t) => t.id),
        ),
      );
    tokens += stale.length;
    if (stale.length < BATCH) break;
  }
  await db
    .delete(uploadTokens)
    .where(
      and(
        lt(uploadTokens.createdAt, new Date(now.getTime() - UPLOAD_TOKEN_KEEP_MS)),
        lt(uploadTokens.expiresAt, cutoff),
      ),
    );

  const mails = await deleteFinishedMail(db, now);
  const exports = await deleteExpiredExports(db, storage, now);
  const registrations = await deleteExpiredRegistrations(db, now);

  const swept = opts.sweepImages ? await sweepImages(db, storage, now) : 0;
  const notice = opts.notice ?? NO_MAIL;
  const badges =
    opts.badges === 'all'
      ? { badges: await backfillBadges(db, undefined, notice) }
      : opts.badges === 'membership'
        ? { badges: await backfillMembership(db, notice) }
        : {};
  const reminders = opts.reminders
    ? {
        reminders: await remindEvents(db, notice, now),
        // Issue 26: a series never silently runs stale.
        unconfirmed: await flagUnconfirmedGames(db, notice, now),
      }
    : {};
  const youtube = opts.youtube ? await refreshYoutubeData(db, opts.youtube, now) : 0;
  return {
    sessions: sessions.length,
    uploadTokens: tokens,
    images: swept,
    youtube,
    mails,
    exports,
    registrations,
    ...badges,
    ...reminders,
  };
}

/** One anti-join over every referencing column (IMAGE_REFERENCES): a batch of orphans per query. */
function orphanedImages(db: Db, before: Date) {
  const refs = IMAGE_REFERENCES.map(({ table, column, array }) =>
    array
      ? sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} r WHERE r.${sql.identifier(column)} @> ARRAY[${images.objectPath}])`
      : sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} r WHERE r.${sql.identifier(column)} = ${images.objectPath})`,
  );
  return db
    .select({ objectPath: images.objectPath, variantWidths: images.variantWidths })
    .from(images)
    .where(and(lt(images.createdAt, before), ...refs))
    .orderBy(images.createdAt)
    .limit(BATCH);
}

async function sweepImages(db: Db, storage: ObjectStorage, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IMAGE_GRACE_MS);
  let swept = 0;
  for (;;) {
    const orphans = await orphanedImages(db, before);
    if (orphans.length === 0) break;
    // The image goes with its variants (decision 012).
    for (const { objectPath, variantWidths } of orphans)
      await deleteStoredImage(storage, objectPath, variantWidths);
    await db.delete(images).where(
      inArray(
        images.objectPath,
        orphans.map((o) => o.objectPath),
      ),
    );
    swept += orphans.length;
    if (orphans.length < BATCH) break;
  }
  return swept;
}

/** The name housekeeping runs under: one run at a time across every process on the database. */
export const HOUSEKEEPING_JOB = 'housekeeping';

/**
 * runHousekeeping, unless another process on the same database (another worker or instance) is
 * running it: then it answers null at once and does nothing (decision 025). Each run does what is
 * due as of its start, so runs one after another in several processes do the work once.
 */
export function runHousekeepingOnce(
  database: Pick<Database, 'db' | 'exclusive'>,
  storage: ObjectStorage,
  now = new Date(),
  opts: HousekeepingOptions = { sweepImages: true },
): Promise<HousekeepingResult | null> {
  return database.exclusive(HOUSEKEEPING_JOB, () => runHousekeeping(database.db, storage, now, opts));
}

/**
 * Runs housekeeping now and then every `everyMs` (default 5 minutes, so raw uploads go minutes
 * after their address expires), with the reminders a day before each game; the image sweep runs
 * once an hour; tutorials' YouTube data (with
 * `opts.youtube`) is fetched again once a day per tutorial. A run another process is doing is
 * skipped (runHousekeepingOnce; `opts.onSkipped` hears it); in a cluster only the primary schedules
 * it. Answers a function that stops it.
 */
export function scheduleHousekeeping(
  database: Pick<Database, 'db' | 'exclusive'>,
  storage: ObjectStorage,
  onResult: (result: HousekeepingResult) => void,
  onError: (err: unknown) => void,
  everyMs = 5 * 60 * 1000,
  sweepEveryMs = 60 * 60 * 1000,
  opts: {
    youtube?: YoutubeClient | null;
    /** A run was skipped: another process on the database was running it. */
    onSkipped?: () => void;
    /** How players are told of badges and reminders (SMTP_URL set: mail too). */
    notice?: NotifyOptions;
  } = {},
): () => void {
  let lastSweep = 0;
  // Badges: every rule at the first run (the backfill), then the one-year rule on each run.
  let badges: 'all' | 'membership' = 'all';
  const run = () => {
    const started = Date.now();
    const sweep = started - lastSweep >= sweepEveryMs;
    const options = {
      sweepImages: sweep,
      youtube: opts.youtube,
      badges,
      reminders: true,
      notice: opts.notice,
    };
    return runHousekeepingOnce(database, storage, new Date(started), options).then((result) => {
      // Skipped (another process was running it): what was due stays due for the next run here.
      if (!result) return void opts.onSkipped?.();
      if (sweep) lastSweep = started;
      badges = 'membership';
      onResult(result);
    }, onError);
  };
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
