import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadTokens, userSessions } from '../../db/schema';
import type { ObjectStorage } from '../../storage/types';

/** An upload address is kept this long past its expiry, so a late retry of its registration still answers. */
export const UPLOAD_TOKEN_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

export interface HousekeepingResult {
  sessions: number;
  uploadTokens: number;
}

/**
 * Deletes expired sessions, and upload addresses expired for more than an hour together with any
 * raw upload they left behind (uploaded but never registered; registered ones were already
 * re-encoded and their raw object deleted). Safe to run at any time and in several processes.
 */
export async function runHousekeeping(
  db: Db,
  storage: ObjectStorage,
  now = new Date(),
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
      .where(lt(uploadTokens.expiresAt, cutoff))
      .orderBy(uploadTokens.expiresAt)
      .limit(BATCH);
    if (stale.length === 0) break;
    // Deleting a missing object is not an error: most raw uploads are gone already.
    for (const token of stale) await storage.delete(token.objectKey);
    await db.delete(uploadTokens).where(
      inArray(
        uploadTokens.id,
        stale.map((t) => t.id),
      ),
    );
    tokens += stale.length;
    if (stale.length < BATCH) break;
  }
  return { sessions: sessions.length, uploadTokens: tokens };
}

/** Runs housekeeping now and then every `everyMs`; answers a function that stops it. */
export function scheduleHousekeeping(
  db: Db,
  storage: ObjectStorage,
  onResult: (result: HousekeepingResult) => void,
  onError: (err: unknown) => void,
  everyMs = 60 * 60 * 1000,
): () => void {
  const run = () => runHousekeeping(db, storage).then(onResult, onError);
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
